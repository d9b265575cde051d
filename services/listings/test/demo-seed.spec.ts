import { DEMO_PEOPLE, LISTING_STATUSES } from '@brokerage/contracts';
import { DemoSeedService } from '../src/seed/demo-seed.service.js';
import { as, createApp, resetDb, type Ctx } from './helpers.js';

describe('demo seed: every screen has something to show', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    const seed = ctx.app.get(DemoSeedService);
    await seed.seed();
    await seed.seed();
  });
  afterAll(() => ctx.close());

  it('12 listings in every status, once, agents by the sellers\' managers, CLOSED ones closed this year', async () => {
    const rows: { status: string; sellerId: string | null; agentId: string | null; closedAt: Date | null }[] = await ctx.ds.query(
      `SELECT status, seller_id AS "sellerId", agent_id AS "agentId", closed_at AS "closedAt" FROM listings.listings`,
    );
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(LISTING_STATUSES));
    for (const r of rows.filter((x) => x.sellerId)) {
      const manager = DEMO_PEOPLE.find((p) => p.id === r.sellerId)!.managerId;
      expect(r.agentId).toBe(manager);
    }
    const closed = rows.filter((r) => r.status === 'CLOSED');
    expect(closed.length).toBeGreaterThan(0);
    for (const r of closed) expect(new Date(r.closedAt!).getUTCFullYear()).toBe(new Date().getUTCFullYear());
  });

  it('the demo seller and buyer have a selected listing with a few completed steps', async () => {
    const s = await ctx.http.get('/seller/progress').set(as('seller'));
    expect(s.body).toMatchObject({ currentStep: 4, completedSteps: 4 });
    const sc = await ctx.http.get('/seller/current-listing').set(as('seller'));
    expect(sc.body.needsSelection).toBe(false);
    const b = await ctx.http.get('/buyer/progress').set(as('buyer'));
    expect(b.body).toMatchObject({ currentStep: 3, completedSteps: 3 });
    const bl = await ctx.http.get('/buyer/listings').set(as('buyer'));
    expect(bl.body.listings.map((l: { title: string }) => l.title)).toEqual(['Specialty Coffee Roastery & Café – Midtown Sacramento']);
    const avail = await ctx.http.get('/buyer/available-listings').set(as('buyer'));
    expect(avail.body.listings.length).toBe(7);
  });

  it('the broker and agent dashboards and lists are not empty', async () => {
    const d = await ctx.http.get('/broker/dashboard').set(as('broker'));
    expect(d.body.stats.totalActiveListings).toBeGreaterThan(0);
    expect(d.body.stats.totalUnderContract).toBeGreaterThan(0);
    expect(d.body.stats.newListingsThisMonth).toBeGreaterThan(0);
    expect(d.body.stats.totalNDA).toBe(5);
    expect(d.body.stats.totalClosedDeals).toBe(2);
    const a = await ctx.http.get('/agent/listings').set(as('agent'));
    expect(a.body.listings.length).toBeGreaterThanOrEqual(4);
    const sellers = await ctx.http.get('/agent/sellers').set(as('agent'));
    expect(sellers.body.sellers.map((x: { name: string }) => x.name)).toEqual(['Grace Whitfield', 'Sam Seller']);
    const journeys = await ctx.http.get('/broker/listings/00000000-0000-4000-8000-000000000103/progress').set(as('broker'));
    expect(journeys.body).toMatchObject({ currentStep: 8, isViewingSelectedListing: true });
  });
});
