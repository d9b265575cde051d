import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The client forms of the journeys (questionnaire, online NDA, personal financial statement): one per user, listing and kind. */
export class ClientForms1764100000000 implements MigrationInterface {
  name = 'ClientForms1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE listings.client_forms (
        user_id uuid NOT NULL,
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        kind varchar(24) NOT NULL CHECK (kind IN ('QUESTIONNAIRE','NDA','FINANCIAL_STATEMENT')),
        data jsonb NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        submitted_at timestamptz,
        evidence jsonb,
        pdf_requested boolean NOT NULL DEFAULT false,
        PRIMARY KEY (user_id, listing_id, kind)
      )`);
    await q.query(`CREATE INDEX client_forms_listing_idx ON listings.client_forms (listing_id, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.client_forms`);
  }
}
