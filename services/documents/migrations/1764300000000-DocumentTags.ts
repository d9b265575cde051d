import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issues 11 and 12: the requested document a client's upload is (a key of its checklist, contracts document-tags.ts);
 * null for untagged files. A checklist item is ticked when one of the listing's own uploads carries its tag.
 */
export class DocumentTags1764300000000 implements MigrationInterface {
  name = 'DocumentTags1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.documents ADD COLUMN tag varchar(60)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.documents DROP COLUMN tag`);
  }
}
