import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server-side drafts of the long forms (issue 19 §3): one row per (user, form key), the form's fields as jsonb
 * (at most 64 KB, checked by the service); they go with their user.
 */
export class Drafts1764600000000 implements MigrationInterface {
  name = 'Drafts1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.drafts (
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        key varchar(100) NOT NULL,
        data jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS identity.drafts`);
  }
}
