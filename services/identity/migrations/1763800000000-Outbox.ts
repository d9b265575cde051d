import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transactional outbox: a durable cross-service event is written in the same transaction as the change
 * (e.g. the user's deletion); the relay adds it to the consumers' BullMQ queues and then sets sent_at.
 */
export class Outbox1763800000000 implements MigrationInterface {
  name = 'Outbox1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.outbox (
        id uuid PRIMARY KEY,
        type varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX outbox_unsent_idx ON identity.outbox (created_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS identity.outbox`);
  }
}
