import { createHash, randomUUID } from 'node:crypto';
import { JOURNEY_MSG, NDA_CERTIFICATE, NDA_TEXT_VERSION, ndaText, pdfJobSchema, type IdentityClaims } from '@brokerage/contracts';
import { identityHeader } from '@brokerage/nest-common/testing';
import { SignUpNdasCount1764510000000 } from '../migrations/1764510000000-SignUpNdasCount.js';
import { as, createApp, FORM_PDFS, insertListing, journeyWith, resetDb, USERS, type Ctx } from './helpers.js';

/**
 * Issue 18 §1: an NDA signed on the public /nda page counts. identity's POST /auth/nda-submit creates the buyer and hands
 * listings the NDA (POST /internal/ndas); the new buyer lands in the portal with that listing selected, Select Listing
 * and Non Disclosure completed, the online NDA answered from the sign-up, and its PDF requested for their documents.
 */
describe('an NDA signed at sign-up counts in the portal', () => {
  let ctx: Ctx;
  let L: string;
  let buyerId: string;
  let claims: IdentityClaims;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    await ctx.ds.query(`TRUNCATE listings.client_forms, listings.outbox`);
    L = await insertListing(ctx, { title: 'Bakery', price: 300000 });
    buyerId = randomUUID();
    claims = { sub: buyerId, role: 'BUYER', name: 'Jordan Lee', email: 'jordan@example.com' } as IdentityClaims;
  });

  const signUp = (listingId = L) =>
    ctx.http.post('/internal/ndas').set(as('identityService')).send({
      buyerId, listingId, firstName: 'Jordan', lastName: 'Lee', email: 'jordan@example.com', phone: '(415) 555-0100',
      organization: 'Lee Holdings', city: 'San Francisco', state: 'CA', californiaRegions: ['West Bay'], timeFrameToPurchase: '3-6 months',
      agreementAccepted: true, signature: 'Jordan Lee', signedAt: '2026-11-21T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
    });
  const get = (path: string) => ctx.http.get(path).set(identityHeader(claims));
  const pdfRequests = () =>
    ctx.ds.query(`SELECT user_id, listing_id, kind, payload FROM ${FORM_PDFS} WHERE user_id = $1`, [buyerId]);

  it('the listing is selected, steps 0 and 2 completed (1 stays current), the NDA answered, its PDF requested', async () => {
    expect((await signUp()).status).toBe(201);

    const cur = await get('/buyer/current-listing');
    expect(cur.status).toBe(200);
    expect(cur.body).toMatchObject({ needsSelection: false, listing: { id: L, title: 'Bakery', ndaCompleted: true } });

    const p = (await get('/buyer/progress')).body;
    expect(p).toMatchObject({ currentStep: 1, selectedListingId: L, completedSteps: 2 });
    expect(p.steps.filter((s: { completed: boolean }) => s.completed).map((s: { id: number }) => s.id)).toEqual([0, 2]);
    expect(p.steps[2]).toMatchObject({ completedAt: '2026-11-21T10:00:00.000Z', completedBy: buyerId });

    const nda = await get('/buyer/nda');
    expect(nda.status).toBe(200);
    expect(nda.body.nda).toMatchObject({
      status: 'SUBMITTED', firstName: 'Jordan', lastName: 'Lee', organization: 'Lee Holdings', city: 'San Francisco',
      californiaRegions: ['West Bay'], timeFrameToPurchase: '3-6 months', listingInterest: L, agreementAccepted: true,
      signature: 'Jordan Lee', needsConsent: false, pdfRequested: true,
      evidence: {
        signedAt: '2026-11-21T10:00:00.000Z', signer: 'Jordan Lee', ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
        textSha256: createHash('sha256').update(ndaText()).digest('hex'), textVersion: NDA_TEXT_VERSION, via: 'sign-up',
      },
    });
    // the sign-up's own record carries the same evidence as the portal's NDA step: who, when, from where, which text
    const [signed] = await ctx.ds.query(
      `SELECT signer_name, signed_at, ip, user_agent, text_sha256, text_version FROM listings.buyer_ndas WHERE buyer_id = $1 AND listing_id = $2`,
      [buyerId, L],
    );
    expect(signed).toEqual({
      signer_name: 'Jordan Lee', signed_at: new Date('2026-11-21T10:00:00.000Z'), ip: '203.0.113.7', user_agent: 'Mozilla/5.0',
      text_sha256: createHash('sha256').update(ndaText()).digest('hex'), text_version: NDA_TEXT_VERSION,
    });

    const [req, ...more] = await pdfRequests();
    expect(more).toEqual([]);
    expect(req).toMatchObject({ listing_id: L, kind: 'NDA' });
    // documents' worker files it as a GENERATED NDA document of this buyer alone
    expect(req.payload.document).toEqual({
      type: 'NDA', listingId: L, ownerId: buyerId, ownerRole: 'BUYER', ownerName: 'Jordan Lee', fileName: 'Non-Disclosure Agreement - Jordan Lee - 2026-11-21.pdf',
    });
    expect(req.payload.signature).toEqual({
      name: 'Jordan Lee', signedAt: '2026-11-21T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
      textSha256: createHash('sha256').update(ndaText()).digest('hex'), textVersion: NDA_TEXT_VERSION,
    });
    // the certificate page: who, when, from where, which text, how to verify; a payload documents accepts
    expect(req.payload.certificate.title).toBe(NDA_CERTIFICATE.title);
    expect(req.payload.certificate.rows).toEqual(expect.arrayContaining([
      { label: 'Signed by', value: 'Jordan Lee' }, { label: 'Email', value: 'jordan@example.com' }, { label: 'Listing', value: 'Bakery' },
      { label: 'Signed at (UTC)', value: 'Nov 21, 2026 10:00 AM UTC (2026-11-21T10:00:00.000Z)' },
      { label: 'IP address', value: '203.0.113.7' }, { label: 'User agent', value: 'Mozilla/5.0' },
      { label: 'Signed through', value: NDA_CERTIFICATE.via.signUp },
      { label: 'NDA text version', value: NDA_TEXT_VERSION }, { label: 'SHA-256 of the NDA text', value: createHash('sha256').update(ndaText()).digest('hex') },
    ]));
    expect(req.payload.certificate.lines).toEqual([...NDA_CERTIFICATE.howToVerify]);
    expect(pdfJobSchema.safeParse(req.payload).success).toBe(true);
    expect(req.payload.key).toMatch(/^form-pdf:/);

    // the listing's data opens at once; step 2 is done: once Messages is (the cursor skips 2), update-step on it is a no-op
    const early = await ctx.http.post('/buyer/update-step').set(identityHeader(claims)).send({ stepId: 2 });
    expect([early.status, early.body]).toEqual([409, { message: JOURNEY_MSG.notAccessible }]);
    await ctx.http.post('/internal/journeys/events').set(as('documents')).send({ eventId: randomUUID(), userId: buyerId, stepId: 1, source: 'test' });
    expect((await get('/buyer/progress')).body.currentStep).toBe(3);
    const again = await ctx.http.post('/buyer/update-step').set(identityHeader(claims)).send({ stepId: 2 });
    expect([again.status, again.body.message]).toEqual([200, JOURNEY_MSG.alreadyCompleted]);
    expect((await get(`/buyer/listings/${L}`)).body.listing).toMatchObject({ ndaCompleted: true, sellerName: 'Sam Seller' });
    // the listings' parties (what documents and checklists ask) carry the journey past the NDA
    const parties = await ctx.http.get(`/internal/listings/${L}/parties?userId=${buyerId}`).set(as('documents'));
    expect(parties.body.journey).toEqual({ currentStep: 3, completedSteps: [0, 1, 2] });
  });

  it('a retried sign-up changes nothing: one journey, one NDA form, one PDF request', async () => {
    expect((await signUp()).status).toBe(201);
    const before = (await get('/buyer/progress')).body;
    expect((await signUp()).status).toBe(200);
    expect((await get('/buyer/progress')).body).toEqual(before);
    expect(await pdfRequests()).toHaveLength(1);
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.client_forms WHERE user_id = $1`, [buyerId]);
    expect(n).toBe(1);
  });

  it('the compensation of a failed sign-up removes what it gave the buyer here', async () => {
    await signUp();
    const del = await ctx.http.delete(`/internal/ndas/${buyerId}`).set(as('identityService'));
    expect(del.status).toBe(200);
    for (const table of ['journeys', 'selections', 'client_forms', 'buyer_ndas', 'listing_buyers']) {
      const col = table === 'buyer_ndas' || table === 'listing_buyers' ? 'buyer_id' : 'user_id';
      const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.${table} WHERE ${col} = $1`, [buyerId]);
      expect([table, n]).toEqual([table, 0]);
    }
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM ${FORM_PDFS} WHERE user_id = $1 AND delivered_at IS NULL`, [buyerId]);
    expect(n).toBe(0);
  });

  it('NDAs recorded before this counted (migration): steps 0 and 2 completed at signing, the cursor by the journey rule, selected if none', async () => {
    const M = await insertListing(ctx, { title: 'Second', price: 1 });
    const signed = (buyer: string, listing: string) =>
      ctx.ds.query(
        `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, agreement_accepted, signer_name, signed_at)
         VALUES ($1, $2, 'A', 'B', 'a@b.c', '1', true, 'A B', '2026-10-01T10:00:00Z')`,
        [buyer, listing],
      );
    const party = (buyer: string, listing: string, status = 'interested') =>
      ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, $3)`, [listing, buyer, status]);
    // a sign-up buyer with nothing else; one who went on to send a message (step 1) on it; one rejected since
    await signed(buyerId, L);
    await party(buyerId, L);
    await signed(USERS.buyer.sub, M);
    await party(USERS.buyer.sub, M);
    await journeyWith(ctx, USERS.buyer.sub, M, 'BUYER', [0, 1]);
    await ctx.ds.query(`INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2)`, [USERS.buyer.sub, L]);
    await signed(USERS.otherBuyer.sub, L);
    await party(USERS.otherBuyer.sub, L, 'rejected');

    const runner = ctx.ds.createQueryRunner();
    try {
      await new SignUpNdasCount1764510000000().up(runner);
      await new SignUpNdasCount1764510000000().up(runner); // idempotent
    } finally {
      await runner.release();
    }
    const journey = (u: string, l: string) =>
      ctx.http.get(`/internal/listings/${l}/parties?userId=${u}`).set(as('documents')).then((r) => r.body.journey);
    expect(await journey(buyerId, L)).toEqual({ currentStep: 1, completedSteps: [0, 2] });
    expect((await get('/buyer/current-listing')).body.listing).toMatchObject({ id: L, ndaCompleted: true });
    expect(await journey(USERS.buyer.sub, M)).toEqual({ currentStep: 3, completedSteps: [0, 1, 2] });
    const [sel] = await ctx.ds.query(`SELECT listing_id FROM listings.selections WHERE user_id = $1`, [USERS.buyer.sub]);
    expect(sel.listing_id).toBe(L); // their own selection kept
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.journeys WHERE user_id = $1`, [USERS.otherBuyer.sub]);
    expect(n).toBe(0);
  });

  it('a refused sign-up (listing not ACTIVE) leaves no journey, selection or form behind', async () => {
    const closed = await insertListing(ctx, { title: 'Closed', price: 1, status: 'CLOSED' });
    expect((await signUp(closed)).status).toBe(404);
    const [{ n }] = await ctx.ds.query(
      `SELECT (SELECT count(*) FROM listings.journeys WHERE user_id = $1) + (SELECT count(*) FROM listings.selections WHERE user_id = $1)
            + (SELECT count(*) FROM listings.client_forms WHERE user_id = $1) AS n`,
      [buyerId],
    );
    expect(Number(n)).toBe(0);
  });
});
