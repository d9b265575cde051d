import { createApp, resetDb, insertListing, as, type Ctx } from './helpers.js';
import { DemoSeedService } from '../src/seed/demo-seed.service.js';
import { DEMO_LISTINGS } from '../src/seed/demo-listings.js';

describe('GET /auth/available-listings', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('lists ACTIVE listings only, with numeric prices, to anonymous visitors', async () => {
    await insertListing(ctx, { title: 'B Active', price: 125000.5 });
    await insertListing(ctx, { title: 'A Active', price: 90000 });
    await insertListing(ctx, { title: 'Under contract', price: 1, status: 'UNDER_CONTRACT' });
    await insertListing(ctx, { title: 'Closed', price: 1, status: 'CLOSED' });
    await insertListing(ctx, { title: 'Inactive', price: 1, status: 'INACTIVE' });
    const res = await ctx.http.get('/auth/available-listings');
    expect(res.status).toBe(200);
    expect(res.body.listings.map((l: { title: string }) => l.title)).toEqual(['A Active', 'B Active']);
    expect(res.body.listings[1]).toEqual({ id: expect.any(String), title: 'B Active', price: 125000.5 });
  });

  it('answers the same to signed-in users of every role', async () => {
    await insertListing(ctx, { title: 'Only one', price: 10 });
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      const res = await ctx.http.get('/auth/available-listings').set(as(who));
      expect(res.status).toBe(200);
      expect(res.body.listings).toHaveLength(1);
    }
  });

  it('demo seed is idempotent and exposes its ACTIVE listings', async () => {
    const seed = ctx.app.get(DemoSeedService);
    await seed.seed();
    await seed.seed();
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM listings.listings');
    expect(n).toBe(DEMO_LISTINGS.length);
    const statuses = DEMO_LISTINGS.map((l) => l.status);
    expect(statuses.filter((s) => s === 'UNDER_CONTRACT')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'CLOSED')).toHaveLength(1);
    const res = await ctx.http.get('/auth/available-listings');
    expect(res.body.listings).toHaveLength(statuses.filter((s) => s === 'ACTIVE').length);
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
      const res = await ctx.http.get('/auth/available-listings');
      expect(res.body.listings.length).toBeGreaterThanOrEqual(4);
      await resetDb(ctx);
    } finally {
      delete process.env.SEED_DEMO;
      await ctx.app.close();
    }
  });
});
