import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The last editor and update time are read from the newest history row: a tick no longer writes the checklist's row
 *  (that row lock serialised every tick of a listing behind one commit). */
export class ChecklistEditorFromHistory1763800100000 implements MigrationInterface {
  name = 'ChecklistEditorFromHistory1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checklists.pre_close_checklists DROP COLUMN last_updated_by, DROP COLUMN updated_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checklists.pre_close_checklists ADD COLUMN last_updated_by jsonb, ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
  }
}
