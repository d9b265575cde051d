import { LISTING_MSG, LISTING_TEXT } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

describe('seller and buyer listing routes', () => {
  let ctx: Ctx;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    mine = await insertListing(ctx, {
      title: 'Mine', price: 100, createdAt: '2026-02-01T00:00:00Z',
      buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub, status: 'approved' }, { id: USERS.thirdBuyer.sub, status: 'rejected' }],
    });
    theirs = await insertListing(ctx, { title: 'Theirs', price: 200, sellerId: USERS.otherSeller.sub, createdAt: '2026-03-01T00:00:00Z' });
  });

  it('a seller lists and reads only their own listings', async () => {
    const list = await ctx.http.get('/seller/listings').set(as('seller'));
    expect(list.body.listings.map((l: { id: string }) => l.id)).toEqual([mine]);
    expect(list.body.listings[0].buyers.map((b: { name: string }) => b.name).sort()).toEqual(['Blake Buyer', 'Jordan Ellis']);
    expect(list.body.listings[0].seller).toEqual({ id: USERS.seller.sub, name: 'Sam Seller' });
    expect((await ctx.http.get(`/seller/listings/${theirs}`).set(as('seller'))).status).toBe(404);
  });

  it('interested-buyers lists every buyer party with status; listing-buyers spans the seller\'s listings', async () => {
    const res = await ctx.http.get(`/seller/listings/${mine}/interested-buyers`).set(as('seller'));
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.buyers.map((b: { name: string; status: string }) => [b.name, b.status]));
    expect(byName).toEqual({ 'Blake Buyer': 'interested', 'Jordan Ellis': 'approved', 'Sofia Marin': 'rejected' });
    expect(res.body.buyers[0]).toEqual({ id: expect.any(String), name: expect.any(String), email: expect.stringContaining('@'), status: expect.any(String), since: expect.any(String) });
    const all = await ctx.http.get('/seller/listing-buyers').set(as('seller'));
    expect(all.body.buyers).toHaveLength(3);
    expect(all.body.buyers.every((b: { listing: { id: string; title: string } }) => b.listing.id === mine && b.listing.title === 'Mine')).toBe(true);
  });

  it('approve / reject: a rejected buyer is no longer a party (listing, access, selection gone)', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: mine });
    const ok = await ctx.http.post(`/seller/listings/${mine}/approve-buyer`).set(as('seller')).send({ buyerId: USERS.buyer.sub });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: LISTING_TEXT.buyerApproved, buyer: { id: USERS.buyer.sub, status: 'approved' } });
    const rej = await ctx.http.post(`/seller/listings/${mine}/reject-buyer`).set(as('seller')).send({ buyerId: USERS.buyer.sub });
    expect(rej.body).toMatchObject({ message: LISTING_TEXT.buyerRejected, buyer: { status: 'rejected' } });
    expect((await ctx.http.get(`/buyer/listings/${mine}`).set(as('buyer'))).status).toBe(404);
    expect((await ctx.http.get('/buyer/listings').set(as('buyer'))).body.listings).toEqual([]);
    expect((await ctx.http.get('/buyer/current-listing').set(as('buyer'))).body).toEqual({ listing: null, needsSelection: true });
    const parties = await ctx.http.get(`/internal/listings/${mine}/parties`).set(as('documents'));
    expect(parties.body.buyerIds).not.toContain(USERS.buyer.sub);
    const stranger = await ctx.http.post(`/seller/listings/${mine}/approve-buyer`).set(as('seller')).send({ buyerId: USERS.seller.sub });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: LISTING_MSG.notInterestedBuyer });
    const bad = await ctx.http.post(`/seller/listings/${mine}/approve-buyer`).set(as('seller')).send({});
    expect(bad.status).toBe(400);
  });

  it('a buyer sees their listings and the ACTIVE ones to choose from (public fields, not rejected ones)', async () => {
    const closed = await insertListing(ctx, { title: 'Closed', price: 1, status: 'CLOSED' });
    const mineList = await ctx.http.get('/buyer/listings').set(as('buyer'));
    expect(mineList.body.listings.map((l: { id: string }) => l.id)).toEqual([mine]);
    const avail = await ctx.http.get('/buyer/available-listings').set(as('buyer'));
    expect(avail.body.listings.map((l: { title: string }) => l.title)).toEqual(['Theirs', 'Mine']);
    // the public card (the seller's name only past the buyer's NDA for it: buyer-confidential.spec.ts)
    expect(avail.body.listings[0]).toEqual({ id: theirs, title: 'Theirs', description: 'About Theirs', price: 200, status: 'ACTIVE', ndaCompleted: false });
    const rejected = await ctx.http.get('/buyer/available-listings').set(as('thirdBuyer'));
    expect(rejected.body.listings.map((l: { title: string }) => l.title)).toEqual(['Theirs']);
    expect(avail.body.listings.some((l: { id: string }) => l.id === closed)).toBe(false);
  });
});
