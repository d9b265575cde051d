import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10 §2: the due-diligence exchange. A buyer's requests (one row per listing, buyer and document name; removing
 * the request deletes the row), and the document name a due-diligence file is filed under (null for files that are
 * not tied to one of the 16 names, e.g. a seller's general due-diligence upload).
 */
export class DueDiligence1764100000000 implements MigrationInterface {
  name = 'DueDiligence1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents.due_diligence_requests (
        listing_id uuid NOT NULL,
        buyer_id uuid NOT NULL,
        document_name varchar(100) NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (listing_id, buyer_id, document_name)
      )`);
    await q.query(`ALTER TABLE documents.documents ADD COLUMN due_diligence_name varchar(100)`);
    await q.query(`CREATE INDEX documents_due_diligence_idx ON documents.documents (listing_id, due_diligence_name) WHERE due_diligence_name IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents.documents_due_diligence_idx`);
    await q.query(`ALTER TABLE documents.documents DROP COLUMN due_diligence_name`);
    await q.query(`DROP TABLE documents.due_diligence_requests`);
  }
}
