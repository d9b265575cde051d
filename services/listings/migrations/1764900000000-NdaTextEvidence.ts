import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 §1: a sign-up's NDA records, as the portal's NDA step does, which text was signed: the sha256 of the NDA
 * text and its version (contracts NDA_TEXT_VERSION). NDAs recorded before stay null (not recorded then).
 */
export class NdaTextEvidence1764900000000 implements MigrationInterface {
  name = 'NdaTextEvidence1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE listings.buyer_ndas ADD COLUMN text_sha256 varchar(64), ADD COLUMN text_version varchar(40)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE listings.buyer_ndas DROP COLUMN text_version, DROP COLUMN text_sha256`);
  }
}
