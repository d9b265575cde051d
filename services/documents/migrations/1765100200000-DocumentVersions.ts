import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23 §4: versions of a staff document. version_of is the first version's id (null on a first version, so
 * coalesce(version_of, id) names the group); version counts from 1. The download audit names the version read.
 */
export class DocumentVersions1765100200000 implements MigrationInterface {
  name = 'DocumentVersions1765100200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.documents ADD COLUMN version_of uuid, ADD COLUMN version int NOT NULL DEFAULT 1`);
    await q.query(`CREATE UNIQUE INDEX documents_version_idx ON documents.documents (coalesce(version_of, id), version)`);
    await q.query(`ALTER TABLE documents.downloads ADD COLUMN document_version int NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.downloads DROP COLUMN document_version`);
    await q.query(`DROP INDEX documents.documents_version_idx`);
    await q.query(`ALTER TABLE documents.documents DROP COLUMN version_of, DROP COLUMN version`);
  }
}
