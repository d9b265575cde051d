import { LISTING_MSG, OFFER_MSG, offerSchema } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, UNKNOWN_ID, USERS, type Ctx, type Who } from './helpers.js';

const BUYER = USERS.buyer.sub;

/** GET|POST /broker|agent/buyers/{buyerId}/listings/{listingId}/offers: offers staff record on a buyer's progress view. */
describe('staff-recorded offers', () => {
  let ctx: Ctx;
  let L: string;
  let notAssigned: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Assigned to Avery', price: 500000, buyers: [{ id: BUYER }] });
    notAssigned = await insertListing(ctx, { title: 'Priya\'s', price: 1, agentId: USERS.otherAgent.sub, buyers: [{ id: BUYER }] });
  });

  const path = (area: string, listingId = L, buyerId = BUYER) => `/${area}/buyers/${buyerId}/listings/${listingId}/offers`;
  const record = (who: Who, body: object, area: string = who, listingId = L, buyerId = BUYER) =>
    ctx.http.post(path(area, listingId, buyerId)).set(as(who)).send(body);

  it('the broker and the assigned agent record offers (amount, date, note); GET lists them newest first', async () => {
    const a = await record('broker', { amount: '450,000', date: '2026-03-01', note: '  Cash, 30 days  ' });
    expect(a.status).toBe(201);
    expect(a.body.message).toBe(OFFER_MSG.recorded);
    expect(offerSchema.parse(a.body.offer)).toMatchObject({
      listingId: L, buyerId: BUYER, amount: 450000, date: '2026-03-01', note: 'Cash, 30 days',
      recordedBy: { id: USERS.broker.sub, name: USERS.broker.name, role: 'BROKER' },
    });
    const b = await record('agent', { amount: 485000.5, date: '2026-03-05' });
    expect(b.status).toBe(201);
    expect(b.body.offer).toMatchObject({ amount: 485000.5, note: null, recordedBy: { role: 'AGENT' } });
    for (const who of ['broker', 'agent'] as const) {
      const list = await ctx.http.get(path(who)).set(as(who));
      expect(list.status).toBe(200);
      expect(list.body.offers.map((o: { amount: number }) => o.amount)).toEqual([485000.5, 450000]);
    }
  });

  it('validates: amount required and > 0 with ≤ 2 decimals, a real date, a note of at most 2000 characters', async () => {
    const cases: Array<[object, string]> = [
      [{ date: '2026-03-01' }, OFFER_MSG.amountRequired],
      [{ amount: '0', date: '2026-03-01' }, OFFER_MSG.amountInvalid],
      [{ amount: '12.345', date: '2026-03-01' }, OFFER_MSG.amountInvalid],
      [{ amount: -5, date: '2026-03-01' }, OFFER_MSG.amountInvalid],
      [{ amount: 100 }, OFFER_MSG.dateRequired],
      [{ amount: 100, date: '2026-02-30' }, OFFER_MSG.dateInvalid],
      [{ amount: 100, date: '03/01/2026' }, OFFER_MSG.dateInvalid],
      [{ amount: 100, date: '2026-03-01', note: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await record('broker', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM listings.offers');
    expect(n).toBe(0);
  });

  it('owner checks: another agent\'s listing, an unknown listing 404; a buyer not on the listing 404', async () => {
    for (const method of ['get', 'post'] as const) {
      const other = await ctx.http[method](path('agent', notAssigned)).set(as('agent')).send({ amount: 1, date: '2026-03-01' });
      expect({ status: other.status, message: other.body.message }).toEqual({ status: 404, message: LISTING_MSG.listingNotFound });
      const unknown = await ctx.http[method](path('broker', UNKNOWN_ID)).set(as('broker')).send({ amount: 1, date: '2026-03-01' });
      expect(unknown.status).toBe(404);
      const stranger = await ctx.http[method](path('broker', L, USERS.thirdBuyer.sub)).set(as('broker')).send({ amount: 1, date: '2026-03-01' });
      expect({ status: stranger.status, message: stranger.body.message }).toEqual({ status: 404, message: OFFER_MSG.buyerNotParty });
    }
    // The agent of the other listing may record there.
    expect((await record('otherAgent', { amount: 1, date: '2026-03-01' }, 'agent', notAssigned)).status).toBe(201);
  });

  it('roles: sellers and buyers 403, each prefix only for its role (403), no session 401', async () => {
    for (const who of ['seller', 'buyer'] as const) {
      for (const area of ['broker', 'agent']) {
        expect((await ctx.http.get(path(area)).set(as(who))).status).toBe(403);
        expect((await record(who, { amount: 1, date: '2026-03-01' }, area)).status).toBe(403);
      }
    }
    expect((await record('agent', { amount: 1, date: '2026-03-01' }, 'broker')).status).toBe(403);
    expect((await ctx.http.get(path('agent')).set(as('broker'))).status).toBe(403);
    expect((await ctx.http.get(path('broker'))).status).toBe(401);
    expect((await ctx.http.get(path('broker', 'nope')).set(as('broker'))).status).toBe(400);
  });

  it('an offer shows in the seller\'s buyer activity (Made an offer, amount, stats)', async () => {
    await record('agent', { amount: 485000, date: '2026-03-05' }).expect(201);
    const res = await ctx.http.get(`/seller/listings/${L}/buyer-activity`).set(as('seller'));
    expect(res.body.buyers[0]).toMatchObject({ id: BUYER, status: 'Made an offer', offerAmount: 485000, activity: 'Made an offer' });
    expect(res.body.stats).toMatchObject({ offersReceived: 1, highestOffer: 485000 });
  });
  it('/openapi.json documents the offers routes (body fields, answers) and the seller buyer-activity route', async () => {
    type Op = { summary?: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties: object } }> } };
    const doc = (await ctx.http.get('/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
    for (const area of ['broker', 'agent']) {
      const ops = doc.paths[`/${area}/buyers/{buyerId}/listings/{listingId}/offers`]!;
      expect(ops.get!.summary).toMatch(/^Defined/);
      expect(ops.get!.responses['200']).toBeDefined();
      expect(Object.keys(ops.post!.requestBody!.content['application/json']!.schema.properties)).toEqual(['amount', 'date', 'note']);
      expect(ops.post!.responses['201']).toBeDefined();
    }
    const activity = doc.paths['/seller/listings/{listingId}/buyer-activity']!.get!;
    expect(activity.summary).toMatch(/^Defined/);
    expect(activity.responses['200']).toBeDefined();
  });
});
