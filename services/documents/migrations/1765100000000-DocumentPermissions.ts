import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 23 §2: what buyers may do with a document, chosen by staff (default view and download, as before). */
export class DocumentPermissions1765100000000 implements MigrationInterface {
  name = 'DocumentPermissions1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE documents.documents
        ADD COLUMN permission varchar(20) NOT NULL DEFAULT 'VIEW_AND_DOWNLOAD' CHECK (permission IN ('VIEW_AND_DOWNLOAD','VIEW_ONLY'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.documents DROP COLUMN permission`);
  }
}
