import { z } from 'zod';
import { availableListingSchema } from '@brokerage/contracts';
import { createApp, resetDb, insertListing, as, type Ctx } from './helpers.js';
import { DemoSeedService } from '../src/seed/demo-seed.service.js';

/** The route's answer, held to its contract strictly: {listings: [{id, title, price}]} and no other field. */
const answerSchema = z.strictObject({ listings: z.array(availableListingSchema.strict()) });
const listed = async (ctx: Ctx, headers: Record<string, string> = {}) => {
  const res = await ctx.http.get('/auth/available-listings').set(headers);
  expect(res.status).toBe(200);
  return answerSchema.parse(res.body).listings;
};

describe('GET /auth/available-listings', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('lists its ACTIVE listings only, by title, with id, title and numeric price only, to anonymous visitors', async () => {
    const b = await insertListing(ctx, { title: 'B Active', price: 125000.5 });
    const a = await insertListing(ctx, { title: 'A Active', price: 90000 });
    await insertListing(ctx, { title: 'Under contract', price: 1, status: 'UNDER_CONTRACT' });
    await insertListing(ctx, { title: 'Closed', price: 1, status: 'CLOSED' });
    await insertListing(ctx, { title: 'Inactive', price: 1, status: 'INACTIVE' });
    expect(await listed(ctx)).toEqual([
      { id: a, title: 'A Active', price: 90000 },
      { id: b, title: 'B Active', price: 125000.5 },
    ]);
  });

  it('follows status changes: a listing leaves the list when it is no longer ACTIVE and comes back when it is', async () => {
    const id = await insertListing(ctx, { title: 'Bakery', price: 300000 });
    expect((await listed(ctx)).map((l) => l.id)).toEqual([id]);
    await ctx.ds.query(`UPDATE listings.listings SET status = 'UNDER_CONTRACT' WHERE id = $1`, [id]);
    expect(await listed(ctx)).toEqual([]);
    await ctx.ds.query(`UPDATE listings.listings SET status = 'ACTIVE' WHERE id = $1`, [id]);
    expect((await listed(ctx)).map((l) => l.id)).toEqual([id]);
  });

  it('answers the same to signed-in users of every role', async () => {
    const id = await insertListing(ctx, { title: 'Only one', price: 10 });
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      expect(await listed(ctx, as(who))).toEqual([{ id, title: 'Only one', price: 10 }]);
    }
  });

  it('demo seed is idempotent and its ACTIVE listings (and only those) become available', async () => {
    const seed = ctx.app.get(DemoSeedService);
    await seed.seed();
    const rows = async () =>
      (await ctx.ds.query('SELECT id, title, price::float AS price, status FROM listings.listings ORDER BY id')) as Array<
        { id: string; title: string; price: number; status: string }
      >;
    const first = await rows();
    await seed.seed();
    expect(await rows()).toEqual(first);
    const active = first.filter((r) => r.status === 'ACTIVE');
    expect(active.length).toBeGreaterThan(0);
    expect(active.length).toBeLessThan(first.length); // the seed also has listings the picker must not show
    expect((await listed(ctx)).sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(active.map(({ id, title, price }) => ({ id, title, price })));
    const [{ b }] = await ctx.ds.query(
      `SELECT count(*)::int AS b FROM listings.listing_buyers WHERE buyer_id = '00000000-0000-4000-8000-000000000004'`,
    );
    expect(b).toBe(1);
  });
});

describe('SEED_DEMO=1 at start', () => {
  it('seeds the demo listings when the app starts', async () => {
    process.env.SEED_DEMO = '1';
    const ctx = await createApp();
    try {
      const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.listings WHERE status = 'ACTIVE'`);
      expect(n).toBeGreaterThan(0);
      expect(await listed(ctx)).toHaveLength(n);
      await resetDb(ctx);
    } finally {
      delete process.env.SEED_DEMO;
      await ctx.app.close();
    }
  });
});
