import type { MigrationInterface, QueryRunner } from 'typeorm';
import { moveIntoOneShape, outboxTableSql } from '@brokerage/nest-common';

/**
 * documents.journey_outbox becomes documents.outbox, the one outbox shape (nest-common outboxTableSql): its rows are
 * of kind journey-step (same id = eventId). Every row moves over; one a 4xx closed is dead.
 */
export class OneOutboxShape1764800000000 implements MigrationInterface {
  name = 'OneOutboxShape1764800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of outboxTableSql('documents')) await q.query(sql);
    await moveIntoOneShape(q, 'documents', 'journey-step', 'documents.journey_outbox', { id: 'id', payload: 'payload' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents.journey_outbox (id uuid PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz, attempts int NOT NULL DEFAULT 0, last_error varchar(1000))`);
    await q.query(`CREATE INDEX journey_outbox_unsent_idx ON documents.journey_outbox (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      INSERT INTO documents.journey_outbox (id, payload, created_at, sent_at, attempts, last_error)
      SELECT id, payload, created_at, coalesce(delivered_at, dead_at), attempts, left(last_error, 1000) FROM documents.outbox WHERE kind = 'journey-step'`);
    await q.query(`DROP TABLE documents.outbox`);
  }
}
