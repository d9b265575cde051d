import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxTableSql } from '@brokerage/nest-common';

/**
 * identity.outbox in the one outbox shape (nest-common outboxTableSql: kind, next_attempt_at, delivered_at/dead_at):
 * every row moves over, the undelivered ones due at once.
 */
export class OneOutboxShape1764800000000 implements MigrationInterface {
  name = 'OneOutboxShape1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.outbox RENAME TO outbox_v1`);
    await q.query(`DROP INDEX identity.outbox_unsent_idx`);
    for (const sql of outboxTableSql('identity')) await q.query(sql);
    await q.query(`
      INSERT INTO identity.outbox (id, kind, payload, created_at, attempts, delivered_at, last_error)
      SELECT id, type, payload, created_at, attempts, sent_at, last_error FROM identity.outbox_v1`);
    await q.query(`DROP TABLE identity.outbox_v1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.outbox RENAME TO outbox_v2`);
    await q.query(`DROP INDEX identity.outbox_due_idx, identity.outbox_pending_key_idx`);
    await q.query(`
      CREATE TABLE identity.outbox (id uuid PRIMARY KEY, type varchar(64) NOT NULL, payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, attempts integer NOT NULL DEFAULT 0, last_error text)`);
    await q.query(`CREATE INDEX outbox_unsent_idx ON identity.outbox (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      INSERT INTO identity.outbox (id, type, payload, created_at, sent_at, attempts, last_error)
      SELECT id, kind, payload, created_at, coalesce(delivered_at, dead_at), attempts, last_error FROM identity.outbox_v2`);
    await q.query(`DROP TABLE identity.outbox_v2`);
  }
}
