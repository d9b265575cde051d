import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PDF a client form's submission asks documents for (questionnaire, NDA, financial statement): written in the
 * submit's transaction, relayed to documents' POST /internal/pdf-jobs (key = form-pdf:<id>) until it is taken.
 */
export class FormPdfRequests1764300000000 implements MigrationInterface {
  name = 'FormPdfRequests1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE listings.form_pdf_requests (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        listing_id uuid NOT NULL,
        kind varchar(24) NOT NULL CHECK (kind IN ('QUESTIONNAIRE','NDA','FINANCIAL_STATEMENT')),
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX form_pdf_requests_unsent_idx ON listings.form_pdf_requests (created_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.form_pdf_requests`);
  }
}
