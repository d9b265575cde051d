import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Private sellers, archive memory, closedAt; buyer party status; journeys, selections, event dedupe; outbox. */
export class PartiesJourneysOutbox1763900000000 implements MigrationInterface {
  name = 'PartiesJourneysOutbox1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE listings.listings ALTER COLUMN seller_id DROP NOT NULL`);
    await q.query(`
      ALTER TABLE listings.listings
        ADD COLUMN private_seller_name varchar(200),
        ADD COLUMN private_seller_email varchar(320),
        ADD COLUMN private_seller_phone varchar(50),
        ADD COLUMN status_before_archive varchar(16),
        ADD COLUMN closed_at timestamptz,
        ADD CONSTRAINT listings_seller_present CHECK (seller_id IS NOT NULL OR private_seller_name IS NOT NULL)`);
    await q.query(`UPDATE listings.listings SET closed_at = updated_at WHERE status = 'CLOSED' AND closed_at IS NULL`);
    await q.query(`CREATE INDEX listings_created_idx ON listings.listings (created_at DESC, id)`);
    await q.query(`CREATE INDEX listings_closed_idx ON listings.listings (closed_at) WHERE closed_at IS NOT NULL`);
    await q.query(`
      ALTER TABLE listings.listing_buyers
        ADD COLUMN status varchar(12) NOT NULL DEFAULT 'interested' CHECK (status IN ('interested','approved','rejected')),
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      CREATE TABLE listings.journeys (
        user_id uuid NOT NULL,
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        kind varchar(6) NOT NULL CHECK (kind IN ('SELLER','BUYER')),
        current_step smallint NOT NULL DEFAULT 0 CHECK (current_step BETWEEN 0 AND 10),
        completed_at timestamptz[] NOT NULL DEFAULT array_fill(NULL::timestamptz, ARRAY[11]),
        completed_by text[] NOT NULL DEFAULT array_fill(NULL::text, ARRAY[11]),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, listing_id)
      )`);
    await q.query(`CREATE INDEX journeys_listing_idx ON listings.journeys (listing_id)`);
    await q.query(`
      CREATE TABLE listings.selections (
        user_id uuid PRIMARY KEY,
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        selected_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX selections_listing_idx ON listings.selections (listing_id)`);
    await q.query(`
      CREATE TABLE listings.journey_events (
        event_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        listing_id uuid,
        step_id smallint NOT NULL,
        source varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE listings.outbox (
        id uuid PRIMARY KEY,
        type varchar(60) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX outbox_unsent_idx ON listings.outbox (created_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.outbox`);
    await q.query(`DROP TABLE listings.journey_events`);
    await q.query(`DROP TABLE listings.selections`);
    await q.query(`DROP TABLE listings.journeys`);
    await q.query(`ALTER TABLE listings.listing_buyers DROP COLUMN status, DROP COLUMN updated_at`);
    await q.query(`ALTER TABLE listings.listings DROP CONSTRAINT listings_seller_present,
      DROP COLUMN private_seller_name, DROP COLUMN private_seller_email, DROP COLUMN private_seller_phone,
      DROP COLUMN status_before_archive, DROP COLUMN closed_at`);
    await q.query(`DROP INDEX IF EXISTS listings.listings_created_idx`);
  }
}
