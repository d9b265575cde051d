import { randomUUID } from 'node:crypto';
import { as, createApp, insertListing, journeyWith, resetDb, USERS, type Ctx } from './helpers.js';

describe('internal: parties, access, relations (for documents, messaging, identity)', () => {
  let ctx: Ctx;
  let L: string;
  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'P', price: 1, buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub, status: 'rejected' }] });
  });
  afterAll(() => ctx.close());

  it('parties: seller, agent and the buyers that are not rejected; 404 for an unknown listing', async () => {
    const res = await ctx.http.get(`/internal/listings/${L}/parties`).set(as('documents'));
    // the buyer has no journey yet: not past the NDA
    expect(res.body).toEqual({ listingId: L, sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub], ndaBuyerIds: [] });
    expect((await ctx.http.get(`/internal/listings/${randomUUID()}/parties`).set(as('documents'))).status).toBe(404);
  });

  it('parties ?userId=: the asking client\'s journey on the listing (what the access rule reads); null for others', async () => {
    const ask = async (userId: string) => (await ctx.http.get(`/internal/listings/${L}/parties?userId=${userId}`).set(as('documents'))).body;
    expect((await ask(USERS.buyer.sub)).journey).toBeNull(); // a party with no journey yet: everything but step 0 locked
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: L }).expect(200);
    expect((await ask(USERS.buyer.sub)).journey).toEqual({ currentStep: 1, completedSteps: [0] });
    expect((await ask(USERS.agent.sub)).journey).toBeNull();
    expect((await ask(USERS.otherBuyer.sub)).journey).toBeNull(); // rejected: not a party
    const bad = await ctx.http.get(`/internal/listings/${L}/parties?userId=x`).set(as('documents'));
    expect(bad.status).toBe(400);
  });

  it('access: each role by its relation; a rejected buyer and strangers are refused, the broker always allowed', async () => {
    const check = async (userId: string, role: string) =>
      (await ctx.http.get(`/internal/listings/${L}/access?userId=${userId}&role=${role}`).set(as('documents'))).body;
    expect(await check(USERS.buyer.sub, 'BUYER')).toEqual({ allowed: true, relation: 'buyer' });
    expect(await check(USERS.otherBuyer.sub, 'BUYER')).toEqual({ allowed: false, relation: null });
    expect(await check(USERS.seller.sub, 'SELLER')).toEqual({ allowed: true, relation: 'seller' });
    expect(await check(USERS.otherSeller.sub, 'SELLER')).toEqual({ allowed: false, relation: null });
    expect(await check(USERS.agent.sub, 'AGENT')).toEqual({ allowed: true, relation: 'agent' });
    expect(await check(USERS.otherAgent.sub, 'AGENT')).toEqual({ allowed: false, relation: null });
    expect(await check(USERS.broker.sub, 'BROKER')).toEqual({ allowed: true, relation: 'broker' });
    const bad = await ctx.http.get(`/internal/listings/${L}/access?userId=x&role=BUYER`).set(as('documents'));
    expect(bad.status).toBe(400);
  });

  it('relations: a buyer and the seller only once that buyer\'s NDA step is completed; never buyer to buyer; the agent to all', async () => {
    const rel = async (id: string) => {
      const res = await ctx.http.get(`/internal/relations/${id}`).set(as('identityService'));
      expect(res.status).toBe(200);
      return res.body.userIds as string[];
    };
    // before the NDA: the buyer reaches the agent only, and the seller does not see the buyer
    await journeyWith(ctx, USERS.buyer.sub, L, 'BUYER', [0, 1]);
    expect(await rel(USERS.buyer.sub)).toEqual([USERS.agent.sub]);
    expect(await rel(USERS.seller.sub)).toEqual([USERS.agent.sub]);
    expect(await rel(USERS.agent.sub)).toEqual([USERS.buyer.sub, USERS.seller.sub].sort());
    expect(await rel(USERS.otherBuyer.sub)).toEqual([]); // rejected
    // past the NDA: buyer and seller related; another buyer past the NDA sees the seller and agent, never the first buyer
    await journeyWith(ctx, USERS.buyer.sub, L, 'BUYER', [0, 1, 2]);
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, 'approved')`, [L, USERS.thirdBuyer.sub]);
    await journeyWith(ctx, USERS.thirdBuyer.sub, L, 'BUYER', [0, 2]);
    expect(await rel(USERS.buyer.sub)).toEqual([USERS.agent.sub, USERS.seller.sub].sort());
    expect(await rel(USERS.thirdBuyer.sub)).toEqual([USERS.agent.sub, USERS.seller.sub].sort());
    expect(await rel(USERS.thirdBuyer.sub)).not.toContain(USERS.buyer.sub);
    expect(await rel(USERS.seller.sub)).toEqual([USERS.agent.sub, USERS.buyer.sub, USERS.thirdBuyer.sub].sort());
    // rejected by the seller: gone at once
    await ctx.ds.query(`UPDATE listings.listing_buyers SET status = 'rejected' WHERE listing_id = $1 AND buyer_id = $2`, [L, USERS.thirdBuyer.sub]);
    expect(await rel(USERS.thirdBuyer.sub)).toEqual([]);
    expect(await rel(USERS.seller.sub)).not.toContain(USERS.thirdBuyer.sub);
  });
});
