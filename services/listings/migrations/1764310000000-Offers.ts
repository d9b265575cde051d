import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Offers a broker or agent records for a buyer on a listing (seller step 6 "Buyer Activity": status, offer amount, stats). */
export class Offers1764310000000 implements MigrationInterface {
  name = 'Offers1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE listings.offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        buyer_id uuid NOT NULL,
        amount numeric(14,2) NOT NULL CHECK (amount > 0),
        offer_date date NOT NULL,
        note text,
        recorded_by_id uuid NOT NULL,
        recorded_by_name varchar(200) NOT NULL,
        recorded_by_role varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX offers_listing_buyer_idx ON listings.offers (listing_id, buyer_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.offers`);
  }
}
