import { DEMO_IDS, LISTING_MSG, LISTING_TEXT } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

describe('broker listings: the Listings Overview API', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetDb(ctx));

  const create = (body: object) => ctx.http.post('/broker/listings').set(as('broker')).send(body);

  it('creates a listing for a seller: the seller\'s manager becomes the agent, buyers attached, exact price', async () => {
    const res = await create({
      title: 'Bakery', description: 'Neighborhood bakery', price: '1234567.89', status: 'active',
      sellerId: USERS.seller.sub, agentId: USERS.otherAgent.sub, buyerIds: [USERS.buyer.sub, USERS.otherBuyer.sub],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(LISTING_TEXT.created);
    expect(res.body.listing).toMatchObject({
      title: 'Bakery', description: 'Neighborhood bakery', price: 1234567.89, status: 'ACTIVE',
      seller: { id: USERS.seller.sub, name: 'Sam Seller', email: 'seller@example.com' }, privateSeller: null,
      agent: { id: USERS.agent.sub, name: 'Avery Agent' }, closedAt: null,
    });
    expect(res.body.listing.buyers).toEqual(expect.arrayContaining([{ id: USERS.buyer.sub, name: 'Blake Buyer' }, { id: USERS.otherBuyer.sub, name: 'Jordan Ellis' }]));
    const [row] = await ctx.ds.query(`SELECT price::text AS price FROM listings.listings WHERE id = $1`, [res.body.listing.id]);
    expect(row.price).toBe('1234567.89');
    const get = await ctx.http.get(`/broker/listings/${res.body.listing.id}`).set(as('broker'));
    expect(get.body.listing).toEqual(res.body.listing);
  });

  it('a seller without a manager takes the form\'s agent; an unknown agent, seller or buyer is 400', async () => {
    const ok = await create({ title: 'T', description: 'D', price: 10, sellerId: USERS.otherSeller.sub, agentId: USERS.otherAgent.sub });
    expect(ok.body.listing.agent).toEqual({ id: USERS.otherAgent.sub, name: 'Priya Natarajan' });
    const badAgent = await create({ title: 'T', description: 'D', price: 10, sellerId: USERS.otherSeller.sub, agentId: USERS.buyer.sub });
    expect(badAgent.status).toBe(400);
    expect(badAgent.body).toEqual({ message: LISTING_MSG.agentNotFound });
    const badSeller = await create({ title: 'T', description: 'D', price: 10, sellerId: USERS.buyer.sub });
    expect(badSeller.body).toEqual({ message: LISTING_MSG.sellerNotFound });
    const badBuyer = await create({ title: 'T', description: 'D', price: 10, sellerId: USERS.seller.sub, buyerIds: [USERS.seller.sub] });
    expect(badBuyer.body).toEqual({ message: LISTING_MSG.buyerNotFound });
  });

  it('validates the form with the spec\'s messages', async () => {
    const cases: Array<[object, string]> = [
      [{ description: 'D', price: 1, sellerId: USERS.seller.sub }, LISTING_MSG.titleRequired],
      [{ title: 'T', description: ' ', price: 1, sellerId: USERS.seller.sub }, LISTING_MSG.descriptionRequired],
      [{ title: 'T', description: 'D', price: -1, sellerId: USERS.seller.sub }, LISTING_MSG.priceInvalid],
      [{ title: 'T', description: 'D', price: 1.005, sellerId: USERS.seller.sub }, LISTING_MSG.priceInvalid],
      [{ title: 'T', description: 'D', price: 1 }, LISTING_MSG.sellerRequired],
      [{ title: 'T', description: 'D', price: 1, sellerId: USERS.seller.sub, status: 'INACTIVE' }, LISTING_MSG.statusInvalid],
      [{ title: 'T', description: 'D', price: 1, privateSeller: { email: 'p@x.com' } }, LISTING_MSG.privateSellerName],
      [{ title: 'T', description: 'D', price: 1, privateSeller: { name: 'P' } }, LISTING_MSG.privateSellerEmail],
      [{ title: 'T', description: 'D', price: 1, privateSeller: { name: 'P', email: 'nope' } }, LISTING_MSG.privateSellerEmailInvalid],
      [{ title: 'x'.repeat(301), description: 'D', price: 1, sellerId: USERS.seller.sub }, 'Title must be at most 300 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('a private seller listing has no seller and keeps the form\'s agent', async () => {
    const res = await create({ title: 'T', description: 'D', price: 0, privateSeller: { name: 'Pat Private', email: 'pat@x.com', phone: '' }, agentId: USERS.otherAgent.sub });
    expect(res.status).toBe(201);
    expect(res.body.listing).toMatchObject({ seller: null, privateSeller: { name: 'Pat Private', email: 'pat@x.com', phone: null }, price: 0 });
    expect(res.body.listing.agent.id).toBe(USERS.otherAgent.sub);
  });

  it('PUT changes what is sent; buyerIds replaces the buyer parties; CLOSED sets closedAt', async () => {
    const id = await insertListing(ctx, { title: 'Old', price: 5, buyers: [{ id: USERS.buyer.sub }, { id: USERS.thirdBuyer.sub, status: 'rejected' }] });
    const res = await ctx.http.put(`/broker/listings/${id}`).set(as('broker')).send({ title: 'New', price: 7.5, status: 'closed', buyerIds: [USERS.otherBuyer.sub] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(LISTING_TEXT.updated);
    expect(res.body.listing).toMatchObject({ title: 'New', description: 'About Old', price: 7.5, status: 'CLOSED' });
    expect(res.body.listing.closedAt).toEqual(expect.any(String));
    expect(res.body.listing.buyers).toEqual([{ id: USERS.otherBuyer.sub, name: 'Jordan Ellis' }]);
    const reopen = await ctx.http.put(`/broker/listings/${id}`).set(as('broker')).send({ status: 'UNDER_CONTRACT' });
    expect(reopen.body.listing).toMatchObject({ status: 'UNDER_CONTRACT', closedAt: null });
  });

  it('archive keeps everything and remembers the status; reactivate restores it; 409 when repeated', async () => {
    const id = await insertListing(ctx, { title: 'Contracted', price: 5, status: 'UNDER_CONTRACT', buyers: [{ id: USERS.buyer.sub }] });
    const arc = await ctx.http.patch(`/broker/listings/${id}/archive`).set(as('broker'));
    expect(arc.status).toBe(200);
    expect(arc.body).toMatchObject({ message: LISTING_TEXT.archived, listing: { status: 'INACTIVE', buyers: [{ id: USERS.buyer.sub }] } });
    expect((await ctx.http.patch(`/broker/listings/${id}/archive`).set(as('broker'))).status).toBe(409);
    const locked = await ctx.http.put(`/broker/listings/${id}`).set(as('broker')).send({ status: 'ACTIVE' });
    expect(locked.status).toBe(409);
    expect(locked.body).toEqual({ message: LISTING_MSG.archivedStatusLocked });
    const back = await ctx.http.patch(`/broker/listings/${id}/reactivate`).set(as('broker'));
    expect(back.body).toMatchObject({ message: LISTING_TEXT.reactivated, listing: { status: 'UNDER_CONTRACT' } });
    const again = await ctx.http.patch(`/broker/listings/${id}/reactivate`).set(as('broker'));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: LISTING_MSG.notArchived });
  });

  it('DELETE removes the listing with its parties and journeys and records a listing.deleted event', async () => {
    const id = await insertListing(ctx, { title: 'Gone', price: 5, buyers: [{ id: USERS.buyer.sub }] });
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: id });
    const res = await ctx.http.delete(`/broker/listings/${id}`).set(as('broker'));
    expect(res.body).toEqual({ message: LISTING_TEXT.deleted });
    expect((await ctx.http.get(`/broker/listings/${id}`).set(as('broker'))).status).toBe(404);
    for (const t of ['listing_buyers', 'journeys', 'selections']) {
      const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.${t} WHERE listing_id = $1`, [id]);
      expect(n).toBe(0);
    }
    const [ev] = await ctx.ds.query(`SELECT kind, payload FROM listings.outbox WHERE kind <> 'notice'`);
    expect(ev).toMatchObject({ kind: 'listing.deleted', payload: { listingId: id } });
    expect((await ctx.http.delete(`/broker/listings/${id}`).set(as('broker'))).status).toBe(404);
  });

  it('GET /broker/listings pages newest first with the total and filters by status; the agent sees only assigned ones', async () => {
    for (let i = 0; i < 5; i++) {
      await insertListing(ctx, { title: `L${i}`, price: i, createdAt: `2026-0${i + 1}-01T00:00:00Z`, agentId: i < 2 ? USERS.otherAgent.sub : USERS.agent.sub, status: i === 4 ? 'INACTIVE' : 'ACTIVE' });
    }
    const page = await ctx.http.get('/broker/listings?page=2&pageSize=2').set(as('broker'));
    expect(page.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.body.listings.map((l: { title: string }) => l.title)).toEqual(['L2', 'L1']);
    const archived = await ctx.http.get('/broker/listings?status=inactive').set(as('broker'));
    expect(archived.body.listings.map((l: { title: string }) => l.title)).toEqual(['L4']);
    const agent = await ctx.http.get('/agent/listings').set(as('agent'));
    expect(agent.body.listings.map((l: { title: string }) => l.title)).toEqual(['L4', 'L3', 'L2']);
    expect(agent.body.listings[0].seller).toEqual({ id: USERS.seller.sub, name: 'Sam Seller', email: 'seller@example.com' });
    const bad = await ctx.http.get('/broker/listings?pageSize=501').set(as('broker'));
    expect(bad.status).toBe(400);
  });

  it('party names come from identity by id', async () => {
    const id = await insertListing(ctx, { title: 'Named', price: 1, sellerId: DEMO_IDS.sellers[3]! });
    const res = await ctx.http.get(`/broker/listings/${id}`).set(as('broker'));
    expect(res.body.listing.seller).toMatchObject({ id: DEMO_IDS.sellers[3], name: 'Derek Fontaine' });
  });
});
