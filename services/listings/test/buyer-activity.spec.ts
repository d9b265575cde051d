import { BUYER_ACTIVITY_TEXT, DEMO_PEOPLE, LISTING_MSG } from '@brokerage/contracts';
import { as, insertListing, resetDb, UNKNOWN_ID, USERS, type Ctx } from './helpers.js';
import { createAppWithStubs, type ActivityStubs } from './support/activity-stubs.js';

const person = (id: string) => DEMO_PEOPLE.find((p) => p.id === id)!;
const B1 = USERS.buyer.sub;
const B2 = USERS.otherBuyer.sub;
const B3 = USERS.thirdBuyer.sub;

/** GET /seller/listings/{listingId}/buyer-activity: seller step 6 with real data (deviation 5). */
describe('seller buyer activity', () => {
  let ctx: Ctx;
  let stubs: ActivityStubs;
  let close: () => Promise<void>;
  let L: string;
  beforeAll(async () => {
    ({ ctx, stubs, close } = await createAppWithStubs());
  });
  afterAll(() => close());
  beforeEach(async () => {
    await resetDb(ctx);
    stubs.documents.clear();
    stubs.lastSent.clear();
    stubs.down = false;
    L = await insertListing(ctx, { title: 'Roastery', price: 500000 });
    // First contact in this order: B1, B2, B3.
    const parties: Array<[string, string, string]> = [[B1, 'interested', '2026-03-01T09:00:00Z'], [B2, 'approved', '2026-03-02T09:00:00Z'], [B3, 'rejected', '2026-03-03T09:00:00Z']];
    for (const [buyer, status, at] of parties) {
      await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status, created_at) VALUES ($1, $2, $3, $4)`, [L, buyer, status, at]);
    }
  });

  const form = (userId: string, kind: string, data: object, submittedAt: string | null, savedAt = '2026-03-05T09:00:00Z') =>
    ctx.ds.query(
      `INSERT INTO listings.client_forms (user_id, listing_id, kind, data, saved_at, submitted_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
      [userId, L, kind, JSON.stringify(data), savedAt, submittedAt],
    );
  const offer = (buyerId: string, amount: number, createdAt: string) =>
    ctx.ds.query(
      `INSERT INTO listings.offers (listing_id, buyer_id, amount, offer_date, recorded_by_id, recorded_by_name, recorded_by_role, created_at)
       VALUES ($1, $2, $3, '2026-03-10', $4, 'Morgan Broker', 'BROKER', $5)`,
      [L, buyerId, amount, USERS.broker.sub, createdAt],
    );
  const get = (who: Parameters<typeof as>[0], listingId = L) => ctx.http.get(`/seller/listings/${listingId}/buyer-activity`).set(as(who));

  it('lists every buyer of the seller\'s listing, numbered by first contact, with NDA, pre-qualification, status, offer and latest activity', async () => {
    await form(B1, 'NDA', { organization: 'Roast Partners LLC' }, '2026-03-06T09:00:00Z');
    await form(B1, 'FINANCIAL_STATEMENT', {}, '2026-03-07T09:00:00Z');
    await form(B2, 'NDA', {}, null);
    await form(B2, 'FINANCIAL_STATEMENT', {}, null);
    await offer(B1, 450000, '2026-03-08T09:00:00Z');
    await offer(B1, 485000.5, '2026-03-09T09:00:00Z');
    await offer(B2, 300000, '2026-03-04T09:00:00Z');
    await offer(USERS.seller.sub, 900000, '2026-03-04T09:00:00Z'); // not a buyer party: left out of the figures
    stubs.documents.set(L, [
      { userId: B1, views: 4, lastView: null, lastDownload: { documentType: 'CBR_CIM', at: '2026-03-20T09:00:00.000Z' }, lastUpload: null },
      { userId: B2, views: 2, lastView: null, lastDownload: { documentType: 'UPLOADED_DOC', at: '2026-03-03T09:00:00.000Z' }, lastUpload: { at: '2026-03-11T09:00:00.000Z' } },
    ]);
    stubs.lastSent.set(B3, '2026-03-21T09:00:00.000Z');

    const res = await get('seller');
    expect(res.status).toBe(200);
    expect(res.body.listingId).toBe(L);
    expect(res.body.stats).toEqual({ totalViews: 6, interestedBuyers: 2, offersReceived: 3, highestOffer: 485000.5 });
    expect(res.body.buyers).toEqual([
      {
        id: B1, buyerNumber: 'B001', buyerName: person(B1).name, company: 'Roast Partners LLC', dateOfContact: '2026-03-01T09:00:00.000Z',
        nda: 'Yes', preQualified: 'Yes', status: 'Made an offer', decision: 'interested', offerAmount: 485000.5, email: person(B1).email,
        activity: 'Downloaded CBR/CIM', timestamp: '2026-03-20T09:00:00.000Z',
      },
      {
        id: B2, buyerNumber: 'B002', buyerName: person(B2).name, company: person(B2).company, dateOfContact: '2026-03-02T09:00:00.000Z',
        nda: 'Pending', preQualified: 'Pending', status: 'Made an offer', decision: 'approved', offerAmount: 300000, email: person(B2).email,
        activity: BUYER_ACTIVITY_TEXT.uploaded, timestamp: '2026-03-11T09:00:00.000Z',
      },
      {
        id: B3, buyerNumber: 'B003', buyerName: person(B3).name, company: person(B3).company, dateOfContact: '2026-03-03T09:00:00.000Z',
        nda: 'No', preQualified: 'No', status: 'Not Interested', decision: 'rejected', offerAmount: null, email: person(B3).email,
        activity: BUYER_ACTIVITY_TEXT.messaged, timestamp: '2026-03-21T09:00:00.000Z',
      },
    ]);
    expect(stubs.unsigned).toBe(0);
  });

  it('Total Views is documents\' count (viewer reads + downloads); a read in the viewer newer than everything else is the row\'s "Viewed <type>" with its time', async () => {
    await offer(B2, 300000, '2026-03-12T09:00:00Z');
    stubs.documents.set(L, [
      // B1: read the CIM in the viewer after downloading a memo → "Viewed CBR/CIM" at the read's time.
      { userId: B1, views: 3, lastView: { documentType: 'CBR_CIM', at: '2026-03-22T10:30:00.000Z' }, lastDownload: { documentType: 'UPLOADED_DOC', at: '2026-03-20T09:00:00.000Z' }, lastUpload: null },
      // B2: an older read than their offer → the offer stays their latest activity.
      { userId: B2, views: 1, lastView: { documentType: 'CBR_CIM', at: '2026-03-10T09:00:00.000Z' }, lastDownload: null, lastUpload: null },
    ]);
    const res = await get('seller');
    expect(res.status).toBe(200);
    expect(res.body.stats.totalViews).toBe(4);
    const [b1, b2] = res.body.buyers;
    expect(b1).toMatchObject({ activity: BUYER_ACTIVITY_TEXT.viewed('CBR/CIM'), timestamp: '2026-03-22T10:30:00.000Z' });
    expect(b1.activity).toBe('Viewed CBR/CIM');
    expect(b2).toMatchObject({ activity: BUYER_ACTIVITY_TEXT.offerMade, timestamp: '2026-03-12T09:00:00.000Z' });
  });

  it('a sign-up NDA counts as signed; without other activity the latest is the first contact or the NDA; approving keeps the row Interested', async () => {
    await ctx.ds.query(
      `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, organization, agreement_accepted, signer_name, signed_at)
       VALUES ($1, $2, 'Jordan', 'Ellis', 'j@example.com', '1', 'Ellis Ventures', true, 'Jordan Ellis', '2026-03-04T09:00:00Z')`,
      [B2, L],
    );
    await ctx.http.post(`/seller/listings/${L}/approve-buyer`).set(as('seller')).send({ buyerId: B1 }).expect(200);
    const res = await get('seller');
    const [b1, b2] = res.body.buyers;
    expect(b1).toMatchObject({ nda: 'No', status: 'Interested', decision: 'approved', activity: BUYER_ACTIVITY_TEXT.contacted, timestamp: '2026-03-01T09:00:00.000Z' });
    expect(b2).toMatchObject({ nda: 'Yes', company: 'Ellis Ventures', activity: BUYER_ACTIVITY_TEXT.ndaSigned, timestamp: '2026-03-04T09:00:00.000Z' });
    expect(res.body.stats).toEqual({ totalViews: 0, interestedBuyers: 2, offersReceived: 0, highestOffer: null });
  });

  it('rejecting a buyer turns the row Not Interested', async () => {
    await ctx.http.post(`/seller/listings/${L}/reject-buyer`).set(as('seller')).send({ buyerId: B1 }).expect(200);
    const res = await get('seller');
    expect(res.body.buyers[0]).toMatchObject({ buyerNumber: 'B001', status: 'Not Interested', decision: 'rejected' });
    expect(res.body.stats.interestedBuyers).toBe(1);
  });

  it('still answers when documents and messaging are down (their activity left out)', async () => {
    stubs.documents.set(L, [{ userId: B1, views: 9, lastView: null, lastDownload: null, lastUpload: null }]);
    stubs.down = true;
    const res = await get('seller');
    expect(res.status).toBe(200);
    expect(res.body.stats.totalViews).toBe(0);
    expect(res.body.buyers).toHaveLength(3);
  });

  it('a listing without buyers answers empty rows and zero stats', async () => {
    const empty = await insertListing(ctx, { title: 'Empty', price: 1 });
    const res = await get('seller', empty);
    expect(res.body).toEqual({ listingId: empty, stats: { totalViews: 0, interestedBuyers: 0, offersReceived: 0, highestOffer: null }, buyers: [] });
  });

  it('only the listing\'s seller: other seller and unknown listing 404, staff and buyers 403, no session 401, bad id 400', async () => {
    const notMine = await get('otherSeller');
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(LISTING_MSG.listingNotFound);
    expect((await get('seller', UNKNOWN_ID)).status).toBe(404);
    for (const who of ['broker', 'agent', 'buyer'] as const) expect((await get(who)).status).toBe(403);
    expect((await ctx.http.get(`/seller/listings/${L}/buyer-activity`)).status).toBe(401);
    const bad = await ctx.http.get('/seller/listings/nope/buyer-activity').set(as('seller'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(LISTING_MSG.invalidListingId);
  });
});
