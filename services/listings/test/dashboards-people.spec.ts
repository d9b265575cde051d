import { randomUUID } from 'node:crypto';
import { DEMO_IDS } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

const thisYear = new Date().getUTCFullYear();
const monthStart = new Date(Date.UTC(thisYear, new Date().getUTCMonth(), 1));

describe('dashboards: real counts (deviation 5)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    const old = `${thisYear - 1}-06-01T00:00:00Z`;
    const a1 = await insertListing(ctx, { title: 'A1', price: 1, buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub }, { id: USERS.thirdBuyer.sub, status: 'rejected' }] });
    await insertListing(ctx, { title: 'A2', price: 1, createdAt: old, agentId: USERS.otherAgent.sub, sellerId: USERS.otherSeller.sub });
    await insertListing(ctx, { title: 'U1', price: 1, status: 'UNDER_CONTRACT', createdAt: old, buyers: [{ id: USERS.buyer.sub }] });
    await insertListing(ctx, { title: 'C1', price: 1, status: 'CLOSED', createdAt: old, closedAt: new Date(monthStart.getTime() + 3600_000).toISOString() });
    await insertListing(ctx, { title: 'C0', price: 1, status: 'CLOSED', createdAt: old, closedAt: `${thisYear - 1}-12-31T12:00:00Z`, agentId: USERS.otherAgent.sub });
    await insertListing(ctx, { title: 'I1', price: 1, status: 'INACTIVE', createdAt: old });
    await ctx.ds.query(
      `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, agreement_accepted, signer_name, signed_at)
       VALUES ($1, $2, 'B', 'B', 'b@x.com', '1', true, 'B', now())`,
      [USERS.buyer.sub, a1],
    );
  });

  it('broker: the five cards over the whole brokerage; agent: only their assignments', async () => {
    const b = await ctx.http.get('/broker/dashboard').set(as('broker'));
    expect(b.body).toEqual({ stats: { totalActiveListings: 2, totalUnderContract: 1, newListingsThisMonth: 1, totalNDA: 1, totalClosedDeals: 1 } });
    const a = await ctx.http.get('/agent/dashboard').set(as('agent'));
    expect(a.body).toEqual({ stats: { totalActiveListings: 1, totalUnderContract: 1, newListingsThisMonth: 1, totalNDA: 1, totalClosedDeals: 1 } });
    const o = await ctx.http.get('/agent/dashboard').set(as('otherAgent'));
    expect(o.body).toEqual({ stats: { totalActiveListings: 1, totalUnderContract: 0, newListingsThisMonth: 0, totalNDA: 0, totalClosedDeals: 0 } });
  });

  it('the staff counts and pages follow every write at once (kept per version of listing_counts_version), committed writes only', async () => {
    const dash = async () => (await ctx.http.get('/broker/dashboard').set(as('broker'))).body.stats;
    const total = async () => (await ctx.http.get('/broker/listings').set(as('broker'))).body.total;
    expect(await dash()).toMatchObject({ totalActiveListings: 2, totalNDA: 1 });
    expect(await total()).toBe(6);
    const id = await insertListing(ctx, { title: 'A3', price: 1 });
    expect(await dash()).toMatchObject({ totalActiveListings: 3, newListingsThisMonth: 2 });
    expect(await total()).toBe(7);
    expect((await ctx.http.patch(`/broker/listings/${id}/archive`).set(as('broker'))).status).toBe(200);
    expect(await dash()).toMatchObject({ totalActiveListings: 2 });
    expect((await ctx.http.get('/broker/listings?status=INACTIVE').set(as('broker'))).body.total).toBe(2);
    await ctx.ds.query(`DELETE FROM listings.buyer_ndas`);
    expect(await dash()).toMatchObject({ totalNDA: 0 });

    // a write still in its transaction is not counted, and the counts computed meanwhile are not kept past its commit
    const tx = ctx.ds.createQueryRunner();
    await tx.connect();
    await tx.startTransaction();
    try {
      await tx.query(`INSERT INTO listings.listings (title, description, price, status, seller_id) VALUES ('T1', 'x', 1, 'ACTIVE', $1)`, [USERS.seller.sub]);
      expect(await dash()).toMatchObject({ totalActiveListings: 2 });
      expect(await total()).toBe(7);
      await tx.commitTransaction();
    } finally {
      if (tx.isTransactionActive) await tx.rollbackTransaction();
      await tx.release();
    }
    expect(await dash()).toMatchObject({ totalActiveListings: 3 });
    expect(await total()).toBe(8);

    // the staff page follows its listings' buyers and fields too
    const buyersOf = async (title: string) =>
      (await ctx.http.get('/broker/listings').set(as('broker'))).body.listings.find((l: { title: string }) => l.title === title).buyers;
    expect(await buyersOf('T1')).toEqual([]);
    const [{ id: t1 }] = await ctx.ds.query(`SELECT id FROM listings.listings WHERE title = 'T1'`);
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, 'interested')`, [t1, USERS.buyer.sub]);
    expect(await buyersOf('T1')).toEqual([{ id: USERS.buyer.sub, name: USERS.buyer.name }]);
    await ctx.ds.query(`UPDATE listings.listing_buyers SET status = 'rejected' WHERE listing_id = $1`, [t1]);
    expect(await buyersOf('T1')).toEqual([]);
  });

  it('agent stats and agents-with-stats count assignments, contracts and closings to date', async () => {
    const s = await ctx.http.get(`/broker/agent/${USERS.otherAgent.sub}/stats`).set(as('broker'));
    expect(s.body).toEqual({ stats: { numberOfListings: 2, numberUnderContract: 0, closingsToDate: 1 } });
    const none = await ctx.http.get(`/broker/agent/${randomUUID()}/stats`).set(as('broker'));
    expect(none.body).toEqual({ stats: { numberOfListings: 0, numberUnderContract: 0, closingsToDate: 0 } });
    const all = await ctx.http.get('/broker/agents-with-stats').set(as('broker'));
    const avery = all.body.agents.find((x: { id: string }) => x.id === USERS.agent.sub);
    expect(avery).toMatchObject({ name: 'Avery Agent', email: 'agent@example.com', isActive: true, stats: { numberOfListings: 3, numberUnderContract: 1, closingsToDate: 1 } });
    expect(all.body.agents).toHaveLength(4);
  });

  it('seller and buyer dashboards: journey numbers and their counts', async () => {
    const s0 = await ctx.http.get('/seller/dashboard').set(as('seller'));
    expect(s0.body).toEqual({ stats: { currentStep: 0, totalSteps: 11, completedSteps: 0, totalBuyers: 2, totalListings: 5 } });
    const [{ id }] = await ctx.ds.query(`SELECT id FROM listings.listings WHERE title = 'A1'`);
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: id });
    const s1 = await ctx.http.get('/seller/dashboard').set(as('seller'));
    expect(s1.body.stats).toMatchObject({ currentStep: 1, completedSteps: 1 });
    const b = await ctx.http.get('/buyer/dashboard').set(as('thirdBuyer'));
    expect(b.body).toEqual({ stats: { currentStep: 0, totalSteps: 11, completedSteps: 0, availableListings: 1 } });
  });
});

describe('people lists: sellers and buyers with their listings', () => {
  let ctx: Ctx;
  let L: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Shop', price: 12.5, buyers: [{ id: USERS.buyer.sub }, { id: USERS.thirdBuyer.sub, status: 'rejected' }] });
    await insertListing(ctx, { title: 'Elsewhere', price: 3, sellerId: USERS.otherSeller.sub, agentId: USERS.otherAgent.sub, buyers: [{ id: USERS.otherBuyer.sub }] });
  });

  it('broker: every seller (with or without listings) and every buyer, the fields of spec part 3 §3', async () => {
    const s = await ctx.http.get('/broker/sellers').set(as('broker'));
    expect(s.body.sellers).toHaveLength(8);
    const sam = s.body.sellers.find((x: { id: string }) => x.id === USERS.seller.sub);
    expect(sam).toEqual({
      id: USERS.seller.sub, name: 'Sam Seller', email: 'seller@example.com', phone: '(916) 555-0103', isActive: true,
      createdAt: expect.any(String), listings: [{ id: L, title: 'Shop', description: 'About Shop', price: 12.5, status: 'ACTIVE', createdAt: expect.any(String) }],
    });
    expect(s.body.sellers.find((x: { id: string }) => x.id === DEMO_IDS.sellers[2]).listings).toEqual([]);
    const b = await ctx.http.get('/broker/buyers').set(as('broker'));
    expect(b.body.buyers).toHaveLength(15);
    expect(b.body.buyers.find((x: { id: string }) => x.id === USERS.buyer.sub).buyingListings.map((l: { id: string }) => l.id)).toEqual([L]);
    expect(b.body.buyers.find((x: { id: string }) => x.id === USERS.thirdBuyer.sub).buyingListings).toEqual([]);
  });

  it('agent: the sellers they manage or whose listings they hold, and the buyers of their listings only', async () => {
    const s = await ctx.http.get('/agent/sellers').set(as('agent'));
    const names = s.body.sellers.map((x: { name: string }) => x.name);
    expect(names).toEqual(['Grace Whitfield', 'Sam Seller']);
    const b = await ctx.http.get('/agent/buyers').set(as('agent'));
    expect(b.body.buyers.map((x: { name: string }) => x.name)).toEqual(['Blake Buyer']);
    const o = await ctx.http.get('/agent/buyers').set(as('otherAgent'));
    expect(o.body.buyers.map((x: { name: string }) => x.name)).toEqual(['Jordan Ellis']);
    const os = await ctx.http.get('/agent/sellers').set(as('otherAgent'));
    expect(os.body.sellers.map((x: { name: string }) => x.name)).toEqual(['Nadia Petrova', 'Robert Kim', 'Tomás Alvarez']);
    expect(os.body.sellers.find((x: { name: string }) => x.name === 'Robert Kim').listings.map((l: { title: string }) => l.title)).toEqual(['Elsewhere']);
  });
});
