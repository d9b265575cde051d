import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of everything the staff counts and lists read (listings, listing_buyers, buyer_ndas), bumped by every
 * statement that writes them (statement-level triggers), so that the dashboards' counts and the staff list's pages
 * are computed again only after a change (listings/listings-memo.ts). A row rather than a sequence: a reader sees the
 * new version only once the writing transaction has committed, never before its rows.
 */
const TABLES = ['listings', 'listing_buyers', 'buyer_ndas'];

export class ListingCountsVersion1764400000000 implements MigrationInterface {
  name = 'ListingCountsVersion1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE listings.listing_counts_version (
        id smallint PRIMARY KEY CHECK (id = 1),
        version bigint NOT NULL
      )`);
    await q.query(`INSERT INTO listings.listing_counts_version (id, version) VALUES (1, 0)`);
    await q.query(`
      CREATE FUNCTION listings.bump_listing_counts_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE listings.listing_counts_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await q.query(`
        CREATE TRIGGER ${table}_counts_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings.${table}
        FOR EACH STATEMENT EXECUTE FUNCTION listings.bump_listing_counts_version()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP TRIGGER ${table}_counts_version ON listings.${table}`);
    await q.query(`DROP FUNCTION listings.bump_listing_counts_version()`);
    await q.query(`DROP TABLE listings.listing_counts_version`);
  }
}
