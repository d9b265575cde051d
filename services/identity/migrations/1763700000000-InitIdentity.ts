import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitIdentity1763700000000 implements MigrationInterface {
  name = 'InitIdentity1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS identity`);
    await q.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        email varchar(320) NOT NULL CHECK (email = lower(email)),
        phone varchar(50),
        role varchar(16) NOT NULL CHECK (role IN ('BROKER','AGENT','SELLER','BUYER')),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        password_hash text,
        password_set_at timestamptz,
        manager_id uuid REFERENCES identity.users(id) ON DELETE SET NULL,
        profile jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON identity.users (lower(email))`);
    await q.query(`CREATE INDEX users_role_idx ON identity.users (role) WHERE is_active`);
    await q.query(`CREATE INDEX users_manager_idx ON identity.users (manager_id)`);
    await q.query(`
      CREATE TABLE identity.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip varchar(64),
        user_agent varchar(512)
      )`);
    await q.query(`CREATE UNIQUE INDEX sessions_token_hash_uq ON identity.sessions (token_hash)`);
    await q.query(`CREATE INDEX sessions_user_idx ON identity.sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE identity.password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX password_reset_tokens_hash_uq ON identity.password_reset_tokens (token_hash)`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON identity.password_reset_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS identity.password_reset_tokens`);
    await q.query(`DROP TABLE IF EXISTS identity.sessions`);
    await q.query(`DROP TABLE IF EXISTS identity.users`);
  }
}
