import { randomUUID } from 'node:crypto';
import { createApp, resetDb, insertListing, as, type Ctx } from './helpers.js';

const ndaBody = (buyerId: string, listingId: string) => ({
  buyerId,
  listingId,
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.com',
  phone: '(415) 555-0100',
  organization: 'Lee Holdings',
  addressLine1: '1 Market St',
  addressLine2: '',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105',
  availableMoney: '250000',
  minimumIncome: '120000',
  totalPriceWilling: '900000',
  californiaRegions: ['West Bay', 'East Bay'],
  timeFrameToPurchase: '3-6 months',
  agreementAccepted: true,
  signature: 'Jordan Lee',
  signedAt: '2026-11-21T10:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
});

describe('internal NDA API', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('records the NDA, attaches the buyer, and is idempotent on (buyerId, listingId)', async () => {
    const listingId = await insertListing(ctx, { title: 'Bakery', price: 300000 });
    const buyerId = randomUUID();
    const first = await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(buyerId, listingId));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, nda: { buyerId, listingId, signedAt: '2026-11-21T10:00:00.000Z' } });
    const again = await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(buyerId, listingId));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, nda: { id: first.body.nda.id } });

    const ndas = await ctx.ds.query('SELECT * FROM listings.buyer_ndas WHERE buyer_id = $1', [buyerId]);
    expect(ndas).toHaveLength(1);
    expect(ndas[0]).toMatchObject({
      signer_name: 'Jordan Lee', california_regions: ['West Bay', 'East Bay'], ip: '203.0.113.7', address_line2: null,
      agreement_accepted: true, time_frame_to_purchase: '3-6 months',
    });
    expect(Object.keys(ndas[0])).not.toContain('password');
    const links = await ctx.ds.query('SELECT * FROM listings.listing_buyers WHERE buyer_id = $1', [buyerId]);
    expect(links).toHaveLength(1);

    const listing = await ctx.http.get(`/internal/listings/${listingId}`).set(as('documents'));
    expect(listing.status).toBe(200);
    expect(listing.body.listing).toMatchObject({ id: listingId, title: 'Bakery', price: 300000, status: 'ACTIVE', buyerIds: [buyerId] });
  });

  it('answers 404 "The selected listing is not available." for a listing that is not ACTIVE or does not exist', async () => {
    const closed = await insertListing(ctx, { title: 'Closed shop', price: 1, status: 'CLOSED' });
    for (const listingId of [closed, randomUUID()]) {
      const res = await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(randomUUID(), listingId));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'The selected listing is not available.' });
    }
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM listings.buyer_ndas');
    expect(n).toBe(0);
  });

  it('answers 400 with the same message for a listing id that cannot be one (the NDA record contract)', async () => {
    for (const listingId of ['not-an-id', '42', 42, 'x'.repeat(100)]) {
      const res = await ctx.http.post('/internal/ndas').set(as('identityService')).send({ ...ndaBody(randomUUID(), ''), listingId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'The selected listing is not available.', field: 'listingId' });
    }
  });

  it('concurrent duplicates record one NDA and both succeed', async () => {
    const listingId = await insertListing(ctx, { title: 'Race', price: 1 });
    const buyerId = randomUUID();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(buyerId, listingId))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.nda.id)).size).toBe(1);
  });

  it('accepts the payload identity sends (nulls for optional fields, no regions)', async () => {
    const listingId = await insertListing(ctx, { title: 'Nulls', price: 1 });
    const body = {
      ...ndaBody(randomUUID(), listingId), organization: null, addressLine1: null, addressLine2: null, city: null, state: null,
      zipCode: null, availableMoney: null, minimumIncome: null, totalPriceWilling: null, californiaRegions: [],
      timeFrameToPurchase: null, ip: null, userAgent: null,
    };
    const res = await ctx.http.post('/internal/ndas').set(as('identityService')).send(body);
    expect(res.status).toBe(201);
    const [row] = await ctx.ds.query('SELECT california_regions, organization, ip FROM listings.buyer_ndas WHERE id = $1', [res.body.nda.id]);
    expect(row).toEqual({ california_regions: [], organization: null, ip: null });
  });

  it('validates the body (400 with the first message, over-long text included)', async () => {
    const listingId = await insertListing(ctx, { title: 'X', price: 1 });
    const send = (over: object) => ctx.http.post('/internal/ndas').set(as('identityService')).send({ ...ndaBody(randomUUID(), listingId), ...over });
    const res = await send({ agreementAccepted: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all required fields and accept the agreement.');
    const long = await send({ signature: 'S'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Signature must be at most 200 characters', field: 'signature' });
    const badBuyer = await ctx.http.delete('/internal/ndas/not-a-buyer').set(as('identityService'));
    expect(badBuyer.status).toBe(400);
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM listings.buyer_ndas');
    expect(n).toBe(0);
  });

  it('DELETE /internal/ndas/:buyerId removes the NDAs and attachments of that buyer only', async () => {
    const a = await insertListing(ctx, { title: 'A', price: 1 });
    const b = await insertListing(ctx, { title: 'B', price: 1 });
    const buyer = randomUUID();
    const other = randomUUID();
    await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(buyer, a)).expect(201);
    await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(buyer, b)).expect(201);
    await ctx.http.post('/internal/ndas').set(as('identityService')).send(ndaBody(other, a)).expect(201);
    const res = await ctx.http.delete(`/internal/ndas/${buyer}`).set(as('identityService'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ndas: 2, attachments: 2 });
    const again = await ctx.http.delete(`/internal/ndas/${buyer}`).set(as('identityService'));
    expect(again.body).toEqual({ ndas: 0, attachments: 0 });
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM listings.buyer_ndas WHERE buyer_id = $1', [other]);
    expect(n).toBe(1);
  });

  it('refuses users (403) and anonymous callers (401)', async () => {
    const listingId = await insertListing(ctx, { title: 'X', price: 1 });
    expect((await ctx.http.post('/internal/ndas').send(ndaBody(randomUUID(), listingId))).status).toBe(401);
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      expect((await ctx.http.post('/internal/ndas').set(as(who)).send(ndaBody(randomUUID(), listingId))).status).toBe(403);
    }
  });

  it('GET /internal/listings/:id answers 404 for an unknown listing', async () => {
    const res = await ctx.http.get(`/internal/listings/${randomUUID()}`).set(as('documents'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Listing not found' });
  });
});
