import { randomUUID } from 'node:crypto';
import { FORM_MSG, LISTING_MSG } from '@brokerage/contracts';
import { as, createApp, insertListing, journeyWith, resetDb, USERS, type Ctx } from './helpers.js';

/**
 * Issue 18 §1: a buyer learns nothing of a listing beyond its public card (id, title, description, price, status) until
 * their NDA step for it is completed, however they became a party; afterwards the seller's name, never another buyer.
 */
describe('a buyer sees only the public card of a listing until their NDA', () => {
  let ctx: Ctx;
  let L: string;
  const CARD_KEYS = ['description', 'id', 'ndaCompleted', 'price', 'status', 'title'];
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    // the demo seller's listing, assigned to the demo agent, with another (approved, past the NDA) buyer
    L = await insertListing(ctx, { title: 'Coffee Roastery', price: 685000, buyers: [{ id: USERS.otherBuyer.sub, status: 'approved' }] });
    await journeyWith(ctx, USERS.otherBuyer.sub, L, 'BUYER', [0, 1, 2]);
  });

  const person = (id: string) => ctx.identity.people.get(id)!;
  /** Nothing confidential in an answer: no seller, agent or other buyer by id, name or e-mail. */
  const expectNothingConfidential = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const id of [USERS.seller.sub, USERS.agent.sub, USERS.otherBuyer.sub]) {
      expect(text).not.toContain(id);
      expect(text).not.toContain(person(id).name);
      expect(text).not.toContain(person(id).email);
    }
  };
  const get = (path: string, who: 'buyer' | 'otherBuyer' = 'buyer') => ctx.http.get(path).set(as(who));

  it('a walk-in buyer who selects an ACTIVE listing reads only its card, in every listings answer', async () => {
    const sel = await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: L });
    expect(sel.status).toBe(200);
    expect(sel.body.listing).toEqual({ id: L, title: 'Coffee Roastery', description: 'About Coffee Roastery', price: 685000, status: 'ACTIVE', ndaCompleted: false });
    expectNothingConfidential(sel.body);

    const list = await get('/buyer/listings');
    expect(list.status).toBe(200);
    expect(list.body.listings).toHaveLength(1);
    expect(Object.keys(list.body.listings[0]).sort()).toEqual(CARD_KEYS);
    const one = await get(`/buyer/listings/${L}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.listing).sort()).toEqual(CARD_KEYS);
    expect(one.body.listing).not.toHaveProperty('seller');
    expect(one.body.listing).not.toHaveProperty('sellerName');
    expect(one.body.listing).not.toHaveProperty('agent');
    expect(one.body.listing).not.toHaveProperty('buyers');
    const cur = await get('/buyer/current-listing');
    expect(cur.body).toEqual({ listing: one.body.listing, needsSelection: false });
    const avail = await get('/buyer/available-listings');
    expect(avail.body.listings).toEqual([one.body.listing]);
    for (const body of [list.body, one.body, cur.body, avail.body, (await get('/buyer/progress')).body, (await get('/buyer/dashboard')).body]) {
      expectNothingConfidential(body);
    }
  });

  it('a buyer assigned by staff (approved, no journey yet) also reads only the card', async () => {
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, 'approved')`, [L, USERS.buyer.sub]);
    const one = await get(`/buyer/listings/${L}`);
    expect(one.status).toBe(200);
    expect(one.body.listing).toEqual({ id: L, title: 'Coffee Roastery', description: 'About Coffee Roastery', price: 685000, status: 'ACTIVE', ndaCompleted: false });
    expectNothingConfidential((await get('/buyer/listings')).body);
  });

  it('past the NDA (submitted online): the seller\'s name and the agent; buyers holds only the caller; never an e-mail', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: L });
    await journeyWith(ctx, USERS.buyer.sub, L, 'BUYER', [0, 1]);
    expect((await get(`/buyer/listings/${L}`)).body.listing.ndaCompleted).toBe(false);
    const nda = {
      firstName: 'Blake', lastName: 'Buyer', email: 'blake@example.com', phone: '916-555-0100', listingInterest: L,
      agreementAccepted: true, signature: 'Blake Buyer',
    };
    const signed = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda });
    expect(signed.body).toEqual({ message: FORM_MSG.ndaSubmittedPdf });

    const one = await get(`/buyer/listings/${L}`);
    expect(one.body.listing).toEqual({
      id: L, title: 'Coffee Roastery', description: 'About Coffee Roastery', price: 685000, status: 'ACTIVE', ndaCompleted: true,
      sellerName: 'Sam Seller', agent: { id: USERS.agent.sub, name: 'Avery Agent' }, buyers: [{ id: USERS.buyer.sub, name: 'Blake Buyer' }],
      closedAt: null, createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    const text = JSON.stringify(one.body);
    expect(text).not.toContain(person(USERS.seller.sub).email);
    expect(text).not.toContain(USERS.seller.sub);
    expect(text).not.toContain(USERS.otherBuyer.sub);
    expect(text).not.toContain('Jordan Ellis');
    for (const path of ['/buyer/listings', '/buyer/current-listing']) {
      const body = (await get(path)).body;
      const listing = body.listings?.[0] ?? body.listing;
      expect(listing).toEqual(one.body.listing);
    }
    const avail = await get('/buyer/available-listings');
    expect(avail.body.listings).toEqual([{ id: L, title: 'Coffee Roastery', description: 'About Coffee Roastery', price: 685000, status: 'ACTIVE', ndaCompleted: true, sellerName: 'Sam Seller' }]);
  });

  it('the NDA of one listing opens that listing only', async () => {
    const M = await insertListing(ctx, { title: 'Bakery', price: 1, sellerId: USERS.otherSeller.sub, buyers: [{ id: USERS.buyer.sub }] });
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id) VALUES ($1, $2)`, [L, USERS.buyer.sub]);
    await journeyWith(ctx, USERS.buyer.sub, M, 'BUYER', [0, 1, 2]);
    const list = await get('/buyer/listings');
    const byId = Object.fromEntries(list.body.listings.map((l: { id: string }) => [l.id, l]));
    expect(byId[M]).toMatchObject({ ndaCompleted: true, sellerName: 'Robert Kim' });
    expect(Object.keys(byId[L]).sort()).toEqual(CARD_KEYS);
    expect(JSON.stringify(byId[L])).not.toContain('Sam Seller');
  });

  it('a private seller: past the NDA the name only (no e-mail, no phone)', async () => {
    const [{ id }] = await ctx.ds.query(
      `INSERT INTO listings.listings (title, description, price, private_seller_name, private_seller_email, private_seller_phone)
       VALUES ('Private shop', 'd', 5, 'Pat Private', 'pat@private.example', '555-0199') RETURNING id`,
    );
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id) VALUES ($1, $2)`, [id, USERS.buyer.sub]);
    const before = await get(`/buyer/listings/${id}`);
    expect(JSON.stringify(before.body)).not.toContain('Pat Private');
    await journeyWith(ctx, USERS.buyer.sub, id, 'BUYER', [0, 1, 2]);
    const after = await get(`/buyer/listings/${id}`);
    expect(after.body.listing).toMatchObject({ ndaCompleted: true, sellerName: 'Pat Private', agent: null });
    expect(JSON.stringify(after.body)).not.toContain('pat@private.example');
    expect(JSON.stringify(after.body)).not.toContain('555-0199');
  });

  it('a buyer the seller rejects loses access at once, even past the NDA', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('otherBuyer')).send({ listingId: L });
    expect((await get(`/buyer/listings/${L}`, 'otherBuyer')).body.listing.sellerName).toBe('Sam Seller');
    await ctx.http.post(`/seller/listings/${L}/reject-buyer`).set(as('seller')).send({ buyerId: USERS.otherBuyer.sub });
    const one = await get(`/buyer/listings/${L}`, 'otherBuyer');
    expect(one.status).toBe(404);
    expect(one.body).toEqual({ message: LISTING_MSG.listingNotFound });
    expect((await get('/buyer/listings', 'otherBuyer')).body).toEqual({ listings: [] });
    expect((await get('/buyer/current-listing', 'otherBuyer')).body).toEqual({ listing: null, needsSelection: true });
    expect((await get('/buyer/available-listings', 'otherBuyer')).body).toEqual({ listings: [] });
  });

  it('a listing the buyer is not a party of: 404, the same as an unknown one', async () => {
    for (const id of [L, randomUUID()]) {
      const r = await get(`/buyer/listings/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: LISTING_MSG.listingNotFound });
    }
  });
});
