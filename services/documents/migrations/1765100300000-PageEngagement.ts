import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23 §3: time a buyer's viewer reported per page, one row per buyer × document × page (a version is its own
 * document row; its number is kept here so the records name it). ms adds up; first/last seen are the first and the
 * latest report. A deleted document's rows stop showing (the reads join documents.documents).
 */
export class PageEngagement1765100300000 implements MigrationInterface {
  name = 'PageEngagement1765100300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents.page_engagement (
        buyer_id uuid NOT NULL,
        document_id uuid NOT NULL,
        page int NOT NULL,
        listing_id uuid NOT NULL,
        document_version int NOT NULL DEFAULT 1,
        buyer_name varchar(200) NOT NULL DEFAULT '',
        page_count int NOT NULL,
        ms bigint NOT NULL,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (buyer_id, document_id, page)
      )`);
    await q.query(`CREATE INDEX page_engagement_listing_idx ON documents.page_engagement (listing_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE documents.page_engagement`);
  }
}
