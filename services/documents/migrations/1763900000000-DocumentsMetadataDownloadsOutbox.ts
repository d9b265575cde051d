import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 8: document metadata (type, step, audience, buyer, sha256, uploader name), the download audit, the journey-event outbox. */
export class DocumentsMetadataDownloadsOutbox1763900000000 implements MigrationInterface {
  name = 'DocumentsMetadataDownloadsOutbox1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE documents.documents
        ADD COLUMN type varchar(40) NOT NULL DEFAULT 'UPLOADED_DOC',
        ADD COLUMN step_id smallint,
        ADD COLUMN audience varchar(16) NOT NULL DEFAULT 'SELLER' CHECK (audience IN ('SELLER','BUYERS','ALL','BUYER')),
        ADD COLUMN buyer_id uuid,
        ADD COLUMN sha256 char(64) NOT NULL DEFAULT '',
        ADD COLUMN uploaded_by_name varchar(200) NOT NULL DEFAULT ''`);
    await q.query(`CREATE INDEX documents_listing_created_idx ON documents.documents (listing_id, created_at DESC)`);
    // Every download: who, what, when, from where (the staff "Activity" trail).
    await q.query(`
      CREATE TABLE documents.downloads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        document_id uuid NOT NULL,
        listing_id uuid NOT NULL,
        file_name varchar(500) NOT NULL,
        document_type varchar(40) NOT NULL,
        user_id uuid NOT NULL,
        user_name varchar(200) NOT NULL,
        user_email varchar(320) NOT NULL DEFAULT '',
        user_role varchar(16) NOT NULL,
        ip varchar(64),
        watermarked boolean NOT NULL DEFAULT false,
        downloaded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX downloads_listing_idx ON documents.downloads (listing_id, downloaded_at DESC)`);
    await q.query(`CREATE INDEX downloads_document_idx ON documents.downloads (document_id, downloaded_at DESC)`);
    // Journey events for listings' POST /internal/journeys/events, kept until listings accepts them (id = eventId).
    await q.query(`
      CREATE TABLE documents.journey_outbox (
        id uuid PRIMARY KEY,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error varchar(1000)
      )`);
    await q.query(`CREATE INDEX journey_outbox_unsent_idx ON documents.journey_outbox (created_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE documents.journey_outbox`);
    await q.query(`DROP TABLE documents.downloads`);
    await q.query(`DROP INDEX documents.documents_listing_created_idx`);
    await q.query(`ALTER TABLE documents.documents DROP COLUMN type, DROP COLUMN step_id, DROP COLUMN audience, DROP COLUMN buyer_id, DROP COLUMN sha256, DROP COLUMN uploaded_by_name`);
  }
}
