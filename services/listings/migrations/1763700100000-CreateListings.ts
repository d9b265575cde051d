import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateListings1763700100000 implements MigrationInterface {
  name = 'CreateListings1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS listings`);
    await q.query(`
      CREATE TABLE listings.listings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(300) NOT NULL,
        description text NOT NULL DEFAULT '',
        price numeric(14,2) NOT NULL CHECK (price >= 0),
        status varchar(16) NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','UNDER_CONTRACT','CLOSED','INACTIVE')),
        seller_id uuid NOT NULL,
        agent_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX listings_status_idx ON listings.listings (status)`);
    await q.query(`CREATE INDEX listings_seller_idx ON listings.listings (seller_id)`);
    await q.query(`CREATE INDEX listings_agent_idx ON listings.listings (agent_id)`);
    await q.query(`
      CREATE TABLE listings.listing_buyers (
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        buyer_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (listing_id, buyer_id)
      )`);
    await q.query(`CREATE INDEX listing_buyers_buyer_idx ON listings.listing_buyers (buyer_id)`);
    await q.query(`
      CREATE TABLE listings.buyer_ndas (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        buyer_id uuid NOT NULL,
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        email varchar(320) NOT NULL,
        phone varchar(50) NOT NULL,
        organization text,
        address_line1 text,
        address_line2 text,
        city text,
        state text,
        zip_code text,
        available_money text,
        minimum_income text,
        total_price_willing text,
        california_regions text[] NOT NULL DEFAULT '{}',
        time_frame_to_purchase varchar(40),
        agreement_accepted boolean NOT NULL CHECK (agreement_accepted),
        signer_name varchar(400) NOT NULL,
        signed_at timestamptz NOT NULL,
        ip varchar(64),
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT buyer_ndas_buyer_listing_uq UNIQUE (buyer_id, listing_id)
      )`);
    await q.query(`CREATE INDEX buyer_ndas_listing_idx ON listings.buyer_ndas (listing_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.buyer_ndas`);
    await q.query(`DROP TABLE listings.listing_buyers`);
    await q.query(`DROP TABLE listings.listings`);
  }
}
