import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 §3: due-diligence Q&A. A buyer's question on a listing (one of the 16 due-diligence names or none), its
 * state, the one answer (staff's or the seller's), its release (ASKER | ALL) and merge into another question; the
 * history of each change; answer attachments are documents rows pointing to their question (documents.question_id:
 * read through the questions' rule, never listed in the data room).
 */
export class Questions1765200000000 implements MigrationInterface {
  name = 'Questions1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents.questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL,
        asker_id uuid NOT NULL,
        asker_name varchar(200) NOT NULL DEFAULT '',
        text varchar(2000) NOT NULL,
        document_name varchar(100),
        state varchar(16) NOT NULL DEFAULT 'Open' CHECK (state IN ('Open', 'With seller', 'Answered', 'Released')),
        routed_at timestamptz,
        answer_text varchar(5000),
        answered_at timestamptz,
        answered_by uuid,
        answered_by_role varchar(16) CHECK (answered_by_role IN ('BROKER', 'AGENT', 'SELLER')),
        released_to varchar(8) CHECK (released_to IN ('ASKER', 'ALL')),
        released_at timestamptz,
        merged_into uuid REFERENCES documents.questions (id) ON DELETE SET NULL,
        asked_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX questions_listing_idx ON documents.questions (listing_id, asked_at DESC)`);
    await q.query(`CREATE INDEX questions_merged_into_idx ON documents.questions (merged_into) WHERE merged_into IS NOT NULL`);
    await q.query(`
      CREATE TABLE documents.question_history (
        id bigserial PRIMARY KEY,
        question_id uuid NOT NULL REFERENCES documents.questions (id) ON DELETE CASCADE,
        action varchar(16) NOT NULL,
        by_id uuid,
        by_role varchar(16) NOT NULL,
        audience varchar(8),
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX question_history_question_idx ON documents.question_history (question_id, id)`);
    await q.query(`ALTER TABLE documents.documents ADD COLUMN question_id uuid`);
    await q.query(`CREATE INDEX documents_question_idx ON documents.documents (question_id) WHERE question_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents.documents DROP COLUMN question_id`);
    await q.query(`DROP TABLE documents.question_history`);
    await q.query(`DROP TABLE documents.questions`);
  }
}
