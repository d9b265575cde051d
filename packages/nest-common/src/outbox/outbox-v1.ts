import type { QueryRunner } from 'typeorm';
import { outboxTableSql } from './outbox-relay.js';

/**
 * For the migrations of identity and listings, whose `{schema}.outbox` had the first shape (type, sent_at): every row
 * moves into the one shape (undelivered ones due at once). Frozen with those migrations: do not change.
 */
export async function outboxV1ToOneShape(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`ALTER TABLE ${schema}.outbox RENAME TO outbox_v1`);
  await q.query(`DROP INDEX ${schema}.outbox_unsent_idx`);
  for (const sql of outboxTableSql(schema)) await q.query(sql);
  await q.query(`
    INSERT INTO ${schema}.outbox (id, kind, payload, created_at, attempts, delivered_at, last_error)
    SELECT id, type, payload, created_at, attempts, sent_at, last_error FROM ${schema}.outbox_v1`);
  await q.query(`DROP TABLE ${schema}.outbox_v1`);
}

/** The way back: the one shape's rows (those `where` keeps) into a first-shape `{schema}.outbox`; the new table is kept as outbox_v2 for the caller to drop. */
export async function outboxOneShapeToV1(q: QueryRunner, schema: string, where = 'true'): Promise<void> {
  await q.query(`ALTER TABLE ${schema}.outbox RENAME TO outbox_v2`);
  await q.query(`DROP INDEX ${schema}.outbox_due_idx, ${schema}.outbox_pending_key_idx`);
  await q.query(`
    CREATE TABLE ${schema}.outbox (id uuid PRIMARY KEY, type varchar(64) NOT NULL, payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, attempts integer NOT NULL DEFAULT 0, last_error text)`);
  await q.query(`CREATE INDEX outbox_unsent_idx ON ${schema}.outbox (created_at) WHERE sent_at IS NULL`);
  await q.query(`
    INSERT INTO ${schema}.outbox (id, type, payload, created_at, sent_at, attempts, last_error)
    SELECT id, kind, payload, created_at, coalesce(delivered_at, dead_at), attempts, last_error FROM ${schema}.outbox_v2 WHERE ${where}`);
}
