import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePreCloseChecklists1763700300000 implements MigrationInterface {
  name = 'CreatePreCloseChecklists1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS checklists`);
    // One shared checklist per listing (spec part 2 §3: categories → items); updated under a row lock.
    await q.query(`
      CREATE TABLE checklists.pre_close_checklists (
        listing_id uuid PRIMARY KEY,
        checklist jsonb NOT NULL,
        last_updated_by jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE checklists.pre_close_checklists`);
  }
}
