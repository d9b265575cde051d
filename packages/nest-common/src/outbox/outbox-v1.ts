import type { QueryRunner } from 'typeorm';
import { outboxTableSql } from './outbox-relay.js';

/**
 * The migrations to the one outbox shape (frozen with them: do not change). identity's and listings' `{schema}.outbox`
 * had a first shape (type, sent_at): every row moves into the one shape, undelivered ones due at once.
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

/**
 * Moves the rows of a first-generation outbox table (`from`: sent_at, attempts, last_error, created_at; "refused…" =
 * closed by a 4xx, so dead) into `{schema}.outbox` as `kind`, then drops it. `cols` are SQL over `from`'s columns.
 */
export async function moveIntoOneShape(
  q: QueryRunner,
  schema: string,
  kind: string,
  from: string,
  cols: { id: string; payload: string; pendingKey?: string },
): Promise<void> {
  await q.query(
    `INSERT INTO ${schema}.outbox (id, kind, payload, pending_key, created_at, attempts, delivered_at, dead_at, last_error)
     SELECT ${cols.id}, $1, ${cols.payload}, ${cols.pendingKey ?? 'NULL'}, created_at, attempts,
       CASE WHEN last_error LIKE 'refused%' THEN NULL ELSE sent_at END, CASE WHEN last_error LIKE 'refused%' THEN sent_at END, last_error
     FROM ${from}`,
    [kind],
  );
  await q.query(`DROP TABLE ${from}`);
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
