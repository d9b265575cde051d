import type { MigrationInterface, QueryRunner } from 'typeorm';
import { moveIntoOneShape, outboxOneShapeToV1, outboxV1ToOneShape } from '@brokerage/nest-common';

/**
 * listings.outbox in the one outbox shape (nest-common outboxTableSql); the form PDF requests become its rows of kind
 * form-pdf (same id: the job key stays 'form-pdf:{id}'). Every row moves over; one a 4xx closed is dead.
 */
export class OneOutboxShape1764800000000 implements MigrationInterface {
  name = 'OneOutboxShape1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await outboxV1ToOneShape(q, 'listings');
    await moveIntoOneShape(q, 'listings', 'form-pdf', 'listings.form_pdf_requests', { id: 'id', payload: 'payload' });
  }

  async down(q: QueryRunner): Promise<void> {
    await outboxOneShapeToV1(q, 'listings', `kind <> 'form-pdf'`);
    await q.query(`
      CREATE TABLE listings.form_pdf_requests (id uuid PRIMARY KEY, user_id uuid NOT NULL, listing_id uuid NOT NULL,
        kind varchar(24) NOT NULL CHECK (kind IN ('QUESTIONNAIRE','NDA','FINANCIAL_STATEMENT')), payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, attempts int NOT NULL DEFAULT 0, last_error text)`);
    await q.query(`CREATE INDEX form_pdf_requests_unsent_idx ON listings.form_pdf_requests (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      INSERT INTO listings.form_pdf_requests (id, user_id, listing_id, kind, payload, created_at, sent_at, attempts, last_error)
      SELECT id, (payload->'document'->>'ownerId')::uuid, (payload->'document'->>'listingId')::uuid, payload->'document'->>'type', payload,
        created_at, coalesce(delivered_at, dead_at), attempts, last_error FROM listings.outbox_v2 WHERE kind = 'form-pdf'`);
    await q.query(`DROP TABLE listings.outbox_v2`);
  }
}
