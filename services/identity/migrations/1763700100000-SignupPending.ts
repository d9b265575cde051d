import type { MigrationInterface, QueryRunner } from 'typeorm';

/** NDA sign-up: a buyer account stays inactive and "pending" until listings has recorded the NDA (all or nothing). */
export class SignupPending1763700100000 implements MigrationInterface {
  name = 'SignupPending1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.users ADD COLUMN signup_pending_since timestamptz`);
    await q.query(`CREATE INDEX users_signup_pending_idx ON identity.users (signup_pending_since) WHERE signup_pending_since IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.users DROP COLUMN IF EXISTS signup_pending_since`);
  }
}
