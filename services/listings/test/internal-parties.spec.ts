import { randomUUID } from 'node:crypto';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

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
    expect(res.body).toEqual({ listingId: L, sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub] });
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

  it('relations: the other parties of the user\'s listings', async () => {
    const b = await ctx.http.get(`/internal/relations/${USERS.buyer.sub}`).set(as('identityService'));
    expect(b.body).toEqual({ userIds: [USERS.agent.sub, USERS.seller.sub].sort() });
    const s = await ctx.http.get(`/internal/relations/${USERS.seller.sub}`).set(as('identityService'));
    expect(s.body.userIds).toEqual([USERS.agent.sub, USERS.buyer.sub].sort());
    const r = await ctx.http.get(`/internal/relations/${USERS.otherBuyer.sub}`).set(as('identityService'));
    expect(r.body).toEqual({ userIds: [] });
  });
});
