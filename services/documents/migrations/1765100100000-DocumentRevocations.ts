import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23 §2: a buyer's access staff revoked, to one document (document_id) or to every document of the listing
 * (document_id null); one row per buyer × listing × document. A deleted document's rows go with it (DocumentsService.delete;
 * no foreign key, so other services' tests may still truncate documents.documents alone).
 */
export class DocumentRevocations1765100100000 implements MigrationInterface {
  name = 'DocumentRevocations1765100100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents.revocations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL,
        buyer_id uuid NOT NULL,
        document_id uuid,
        revoked_by uuid,
        revoked_by_name varchar(200) NOT NULL DEFAULT '',
        revoked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX revocations_one_idx
        ON documents.revocations (listing_id, buyer_id, coalesce(document_id, '00000000-0000-0000-0000-000000000000'::uuid))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE documents.revocations`);
  }
}
