import { acrossMigration } from '@brokerage/nest-common/testing';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { LISTINGS_MIGRATIONS } from '../src/entities.js';

const ID = (n: number) => `00000000-0000-4000-8000-0000000f00${String(n).padStart(2, '0')}`;

describe('migration to the one outbox shape (listings.outbox + form_pdf_requests → listings.outbox)', () => {
  it('moves every event and every PDF request (same id, so the job key stays): undelivered ones stay due', async () => {
    const pdf = (n: number) => JSON.stringify({ key: `form-pdf:${ID(n)}`, document: { ownerId: ID(9) } });
    const rows = await acrossMigration('listings', LISTINGS_MIGRATIONS, OneOutboxShape1764800000000, async (q) => {
      await q.query(
        `INSERT INTO listings.outbox (id, type, payload, sent_at, attempts, last_error) VALUES
          ($1, 'listing.deleted', '{"listingId":"x"}', NULL, 1, 'redis down'), ($2, 'listing.deleted', '{"listingId":"y"}', now(), 1, NULL)`,
        [ID(1), ID(2)],
      );
      await q.query(
        `INSERT INTO listings.form_pdf_requests (id, user_id, listing_id, kind, payload, sent_at, attempts, last_error) VALUES
          ($1, $4, $4, 'NDA', $5, NULL, 2, 'documents down'), ($2, $4, $4, 'QUESTIONNAIRE', $6, now(), 1, NULL),
          ($3, $4, $4, 'FINANCIAL_STATEMENT', $7, now(), 1, 'refused 400: bad')`,
        [ID(3), ID(4), ID(5), ID(9), pdf(3), pdf(4), pdf(5)],
      );
    }, (q) => q.query(
      `SELECT id, kind, payload->>'key' AS key, attempts, delivered_at IS NOT NULL AS delivered, dead_at IS NOT NULL AS dead, last_error
        FROM listings.outbox WHERE id = ANY($1) ORDER BY id`,
      [[1, 2, 3, 4, 5].map(ID)],
    ));
    expect(rows).toEqual([
      { id: ID(1), kind: 'listing.deleted', key: null, attempts: 1, delivered: false, dead: false, last_error: 'redis down' },
      { id: ID(2), kind: 'listing.deleted', key: null, attempts: 1, delivered: true, dead: false, last_error: null },
      { id: ID(3), kind: 'form-pdf', key: `form-pdf:${ID(3)}`, attempts: 2, delivered: false, dead: false, last_error: 'documents down' },
      { id: ID(4), kind: 'form-pdf', key: `form-pdf:${ID(4)}`, attempts: 1, delivered: true, dead: false, last_error: null },
      { id: ID(5), kind: 'form-pdf', key: `form-pdf:${ID(5)}`, attempts: 1, delivered: false, dead: true, last_error: 'refused 400: bad' },
    ]);
  });
});
