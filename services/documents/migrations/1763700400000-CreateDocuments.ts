import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDocuments1763700400000 implements MigrationInterface {
  name = 'CreateDocuments1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS documents`);
    // Every stored file and its metadata; the bytes live in S3 under storage_key.
    await q.query(`
      CREATE TABLE documents.documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid,
        owner_id uuid,
        category varchar(64) NOT NULL,
        file_name varchar(500) NOT NULL,
        content_type varchar(200) NOT NULL DEFAULT 'application/octet-stream',
        size_bytes bigint NOT NULL DEFAULT 0,
        storage_key varchar(600) NOT NULL UNIQUE,
        uploaded_by uuid,
        uploaded_by_role varchar(16),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX documents_listing_idx ON documents.documents (listing_id, category)`);
    await q.query(`CREATE INDEX documents_owner_idx ON documents.documents (owner_id)`);
    // PDFs rendered by the pdf worker (an outbox: payload kept until READY); job_key makes requests and renders idempotent.
    await q.query(`
      CREATE TABLE documents.generated_pdfs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_key varchar(200) NOT NULL UNIQUE,
        title varchar(300) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','READY','FAILED')),
        storage_key varchar(600),
        size_bytes bigint,
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX generated_pdfs_pending_idx ON documents.generated_pdfs (created_at) WHERE status = 'PENDING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE documents.generated_pdfs`);
    await q.query(`DROP TABLE documents.documents`);
  }
}
