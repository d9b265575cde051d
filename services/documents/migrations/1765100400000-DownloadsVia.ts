import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23 §3: the download audit says how a document was opened: 'file' (a download or an inline open: the file
 * reached the browser) or 'viewer' (opened in the in-portal viewer: page images only). The seller's Buyer Activity
 * counts the viewer's reads from documents.page_engagement and the files from here, so a viewer opening is not counted
 * twice nor named a download. Rows before this migration are 'file'.
 */
export class DownloadsVia1765100400000 implements MigrationInterface {
  name = 'DownloadsVia1765100400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.downloads ADD COLUMN via varchar(10) NOT NULL DEFAULT 'file' CHECK (via IN ('file', 'viewer'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.downloads DROP COLUMN via`);
  }
}
