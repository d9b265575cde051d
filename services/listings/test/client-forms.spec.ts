import { createHash, randomUUID } from 'node:crypto';
import { FORM_MSG, JOURNEY_MSG, LISTING_NOT_AVAILABLE, NDA_TEXT_VERSION, ndaText } from '@brokerage/contracts';
import { UserEventsService } from '../src/user-events/user-events.service.js';
import { as, createApp, FORM_PDFS, insertListing, resetDb, USERS, type Ctx, type Who } from './helpers.js';

/** Seller questionnaire (seller step 3), buyer online NDA (buyer step 2), personal financial statement (buyer step 3). */
describe('client forms: questionnaire, online NDA, personal financial statement', () => {
  let ctx: Ctx;
  let listing: string;
  beforeAll(async () => {
    // the PDF requests of the submits wait in the outbox here (nothing listens there); form-pdfs.spec.ts runs documents
    process.env.DOCUMENTS_URL = 'http://127.0.0.1:9';
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.ds.query('TRUNCATE listings.client_forms, listings.outbox');
    await resetDb(ctx);
    listing = await insertListing(ctx, {
      title: 'Coffee Roastery',
      price: 685000,
      buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub }],
    });
  });

  const completeByEvent = (who: Who, stepId: number) =>
    ctx.http.post('/internal/journeys/events').set(as('documents')).send({ eventId: randomUUID(), userId: USERS[who].sub, stepId, source: 'test' });
  /** Selects the listing and completes the event steps before `upTo` (the form's step becomes current). */
  async function reach(who: Who, upTo: number): Promise<void> {
    const area = USERS[who].role === 'SELLER' ? 'seller' : 'buyer';
    expect((await ctx.http.post(`/${area}/select-listing`).set(as(who)).send({ listingId: listing })).status).toBe(200);
    for (let s = 1; s < upTo; s++) expect((await completeByEvent(who, s)).status).toBe(200);
  }
  const progress = async (who: Who) => (await ctx.http.get(`/${USERS[who].role === 'SELLER' ? 'seller' : 'buyer'}/progress`).set(as(who))).body;

  describe('route × role', () => {
    const routes: Array<[string, string, 'SELLER' | 'BUYER', object | null]> = [
      ['get', '/seller/questionnaire', 'SELLER', null],
      ['post', '/seller/questionnaire/save', 'SELLER', { questionnaire: {} }],
      ['post', '/seller/questionnaire/submit', 'SELLER', { questionnaire: {} }],
      ['get', '/buyer/nda', 'BUYER', null],
      ['post', '/buyer/nda/save', 'BUYER', { nda: {} }],
      ['post', '/buyer/nda/submit', 'BUYER', { nda: {} }],
      ['get', '/buyer/financial-statement', 'BUYER', null],
      ['post', '/buyer/financial-statement/save', 'BUYER', { financialStatement: {} }],
      ['post', '/buyer/financial-statement/submit', 'BUYER', { financialStatement: {} }],
    ];
    it.each(routes)('%s %s: only its role (others 403, no identity 401)', async (method, path, role, body) => {
      const call = (who?: Who) => {
        const r = method === 'get' ? ctx.http.get(path) : ctx.http.post(path);
        if (who) r.set(as(who));
        return body ? r.send(body) : r;
      };
      expect((await call()).status).toBe(401);
      for (const who of ['broker', 'agent', 'seller', 'buyer', 'documents'] as const) {
        const res = await call(who);
        if (USERS[who].role === role) expect([200, 400, 409]).toContain(res.status);
        else {
          expect(res.status).toBe(403);
          expect(res.body.message).toEqual(expect.any(String));
        }
      }
    });

    it('without a selected listing: 409 "No listing selected"', async () => {
      const r = await ctx.http.get('/buyer/nda').set(as('buyer'));
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(JOURNEY_MSG.noSelection);
      expect((await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: {} })).body.message).toBe(JOURNEY_MSG.noSelection);
    });
  });

  describe('questionnaire', () => {
    it('a draft is kept and restored; submit completes step 3 once; step locked before → 409', async () => {
      await reach('seller', 1);
      const early = await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: { businessDescription: 'x' } });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(JOURNEY_MSG.notAccessible);
      for (const s of [1, 2]) await completeByEvent('seller', s);

      const empty = await ctx.http.get('/seller/questionnaire').set(as('seller'));
      expect(empty.status).toBe(200);
      expect(empty.body.questionnaire).toMatchObject({ status: 'NEW', businessDescription: '', otherImportantInfo: '' });
      expect(empty.body.questionnaire.staffing).toHaveLength(1);

      const draft = {
        businessDescription: 'Specialty coffee roaster with two cafés',
        sellingReason: 'Retiring',
        staffing: [{ titleJob: 'Head roaster', payRate: '$28/h', weeklyHours: '40', stayingWithBusiness: 'Yes' }, { titleJob: 'Barista' }],
        weeklyStaffing: [{ titleJob: 'Barista', mon: '8', sun: '0' }],
      };
      const saved = await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: draft });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(FORM_MSG.questionnaireSaved);
      expect((await progress('seller')).steps[3].completed).toBe(false);

      const back = (await ctx.http.get('/seller/questionnaire').set(as('seller'))).body.questionnaire;
      expect(back).toMatchObject({ status: 'DRAFT', businessDescription: draft.businessDescription, sellingReason: 'Retiring', submittedAt: null });
      expect(back.staffing).toEqual([
        { titleJob: 'Head roaster', payRate: '$28/h', weeklyHours: '40', yearsOfService: '', healthInsurance: '', vacationWeeks: '', stayingWithBusiness: 'Yes' },
        { titleJob: 'Barista', payRate: '', weeklyHours: '', yearsOfService: '', healthInsurance: '', vacationWeeks: '', stayingWithBusiness: '' },
      ]);
      expect(back.weeklyStaffing[0]).toMatchObject({ titleJob: 'Barista', mon: '8', tue: '', sun: '0' });

      const sub = await ctx.http.post('/seller/questionnaire/submit').set(as('seller')).send({ questionnaire: {} });
      expect(sub.status).toBe(200);
      expect(sub.body.message).toBe(FORM_MSG.questionnaireSubmittedPdf);
      const p1 = await progress('seller');
      expect(p1.steps[3]).toMatchObject({ completed: true });
      expect(p1.currentStep).toBe(4);
      const at = p1.steps[3].completedAt;
      expect((await ctx.http.post('/seller/questionnaire/submit').set(as('seller')).send({ questionnaire: draft })).status).toBe(200);
      const p2 = await progress('seller');
      expect(p2.steps[3].completedAt).toBe(at);
      expect(p2.currentStep).toBe(4);
      expect((await ctx.http.get('/seller/questionnaire').set(as('seller'))).body.questionnaire).toMatchObject({ status: 'SUBMITTED', sellingReason: 'Retiring', pdfRequested: true });
      // each submission asks for its own PDF, written with the submission (documents is unreachable here: they wait)
      const requests = await ctx.ds.query(`SELECT kind, delivered_at, payload FROM ${FORM_PDFS} WHERE user_id = $1 ORDER BY created_at`, [USERS.seller.sub]);
      expect(requests.map((r: { kind: string }) => r.kind)).toEqual(['QUESTIONNAIRE', 'QUESTIONNAIRE']);
      expect(requests[0].delivered_at).toBeNull();
      expect(requests[0].payload.key).not.toBe(requests[1].payload.key);
      expect(requests[1].payload).toMatchObject({ title: 'Seller Questionnaire', document: { type: 'QUESTIONNAIRE', listingId: listing, ownerId: USERS.seller.sub, ownerRole: 'SELLER' } });
      expect(requests[1].payload.sections).toHaveLength(13);
    });

    it('over-long answers, unknown-shaped rows and too many rows are 400 with a message', async () => {
      await reach('seller', 3);
      const long = await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: { businessHistory: 'a'.repeat(2001) } });
      expect(long.status).toBe(400);
      expect(long.body.message).toContain('Each answer must be at most 2000 characters');
      const cell = await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: { staffing: [{ payRate: 'x'.repeat(201) }] } });
      expect(cell.status).toBe(400);
      expect(cell.body.message).toContain('Pay Rate must be at most 200 characters');
      const rows = await ctx.http.post('/seller/questionnaire/save').set(as('seller')).send({ questionnaire: { weeklyStaffing: Array.from({ length: 101 }, () => ({})) } });
      expect(rows.status).toBe(400);
    });
  });

  describe('buyer NDA', () => {
    const nda = () => ({
      firstName: 'Blake', lastName: 'Buyer', email: 'blake@example.com', phone: '916-555-0100', listingInterest: listing,
      agreementAccepted: true, signature: 'Blake Buyer', californiaRegions: ['East Bay'], timeFrameToPurchase: '3-6 months',
    });

    it('prefilled from the NDA sign-up; the listing of interest defaults to the selected one', async () => {
      await ctx.ds.query(
        `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, organization, city, california_regions,
           agreement_accepted, signer_name, signed_at) VALUES ($1, $2, 'Blake', 'Buyer', 'blake@example.com', '916-555-0100', 'Buyer Holdings',
           'Davis', '{"East Bay"}', true, 'Blake Buyer', now())`,
        [USERS.buyer.sub, listing],
      );
      await reach('buyer', 2);
      const r = await ctx.http.get('/buyer/nda').set(as('buyer'));
      expect(r.status).toBe(200);
      expect(r.body.nda).toMatchObject({
        status: 'NEW', firstName: 'Blake', lastName: 'Buyer', organization: 'Buyer Holdings', city: 'Davis', californiaRegions: ['East Bay'],
        listingInterest: listing, agreementAccepted: false, signature: '', needsConsent: false, evidence: null,
      });
      // another buyer of the same listing sees their own (empty) NDA, not Blake's
      await reach('otherBuyer', 2);
      expect((await ctx.http.get('/buyer/nda').set(as('otherBuyer'))).body.nda).toMatchObject({ firstName: '', email: '', status: 'NEW' });
    });

    it('save has no required fields; submit needs the required fields and the agreement, records the evidence, completes step 2 once', async () => {
      await reach('buyer', 2);
      const saved = await ctx.http.post('/buyer/nda/save').set(as('buyer')).send({ nda: { firstName: 'Blake' } });
      expect(saved.body).toEqual({ message: FORM_MSG.ndaSaved });
      expect((await ctx.http.get('/buyer/nda').set(as('buyer'))).body.nda).toMatchObject({ status: 'DRAFT', firstName: 'Blake' });
      expect((await ctx.http.get('/buyer/nda').set(as('otherBuyer'))).status).toBe(409);

      for (const missing of ['firstName', 'lastName', 'email', 'phone', 'listingInterest'] as const) {
        const r = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: { ...nda(), [missing]: '  ' } });
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('Please fill in all required fields and accept the agreement.');
      }
      const notAccepted = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: { ...nda(), agreementAccepted: false } });
      expect(notAccepted.body.message).toBe('Please fill in all required fields and accept the agreement.');
      const other = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: { ...nda(), listingInterest: randomUUID() } });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(LISTING_NOT_AVAILABLE);
      expect((await progress('buyer')).steps[2].completed).toBe(false);

      const before = Date.now();
      const ok = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).set('x-forwarded-for', '203.0.113.7, 10.0.0.2').set('user-agent', 'TestBrowser/1.0').send({ nda: nda() });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(FORM_MSG.ndaSubmittedPdf);
      const got = (await ctx.http.get('/buyer/nda').set(as('buyer'))).body.nda;
      expect(got).toMatchObject({ status: 'SUBMITTED', agreementAccepted: true, needsConsent: false });
      expect(got.evidence).toMatchObject({
        signer: 'Blake Buyer', ip: '203.0.113.7', userAgent: 'TestBrowser/1.0',
        textSha256: createHash('sha256').update(ndaText()).digest('hex'), textVersion: NDA_TEXT_VERSION, via: 'portal',
      });
      expect(Date.parse(got.evidence.signedAt)).toBeGreaterThanOrEqual(before - 1000);
      const p = await progress('buyer');
      expect(p.steps[2].completed).toBe(true);
      expect(p.currentStep).toBe(3);
      await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: nda() });
      expect((await progress('buyer')).steps[2].completedAt).toBe(p.steps[2].completedAt);
    });

    it('a changed NDA text asks for consent again', async () => {
      await reach('buyer', 2);
      await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: nda() });
      await ctx.ds.query(
        `UPDATE listings.client_forms SET evidence = jsonb_set(evidence, '{textSha256}', '"0000"') WHERE user_id = $1 AND kind = 'NDA'`,
        [USERS.buyer.sub],
      );
      const r = (await ctx.http.get('/buyer/nda').set(as('buyer'))).body.nda;
      expect(r).toMatchObject({ needsConsent: true, agreementAccepted: false });
      await ctx.http.post('/buyer/nda/submit').set(as('buyer')).send({ nda: nda() });
      expect((await ctx.http.get('/buyer/nda').set(as('buyer'))).body.nda).toMatchObject({ needsConsent: false, agreementAccepted: true });
    });

    it('over-long fields and unknown regions are 400', async () => {
      await reach('buyer', 2);
      const r = await ctx.http.post('/buyer/nda/save').set(as('buyer')).send({ nda: { firstName: 'a'.repeat(101) } });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('First name must be at most 100 characters');
      expect((await ctx.http.post('/buyer/nda/save').set(as('buyer')).send({ nda: { californiaRegions: ['Mars'] } })).status).toBe(400);
    });
  });

  describe('personal financial statement', () => {
    const pfs = {
      name: 'Blake Buyer', mailingAddress: '1 Main St, Davis, CA', signature: 'Blake Buyer', printName: 'Blake Buyer',
      checkingAccounts: '12000.10', savingsAccounts: '0.20', realEstate: '450000', retirementAccounts: '.7',
      creditCardDebt: '1500.05', realPropertyMortgages: '300000',
    };

    it('preparedOn defaults to today; save keeps a draft with exact totals; submit needs the four fields, completes step 3', async () => {
      await reach('buyer', 3);
      const fresh = (await ctx.http.get('/buyer/financial-statement').set(as('buyer'))).body.financialStatement;
      expect(fresh).toMatchObject({ status: 'NEW', preparedOn: new Date().toISOString().slice(0, 10), totalAssets: '0', netWorth: '0' });

      const saved = await ctx.http.post('/buyer/financial-statement/save').set(as('buyer')).send({ financialStatement: { checkingAccounts: '12000.10' } });
      expect(saved.body).toEqual({ message: FORM_MSG.pfsSaved });

      for (const missing of ['name', 'mailingAddress', 'signature', 'printName'] as const) {
        const r = await ctx.http.post('/buyer/financial-statement/submit').set(as('buyer')).send({ financialStatement: { ...pfs, [missing]: '' } });
        expect(r.status).toBe(400);
        expect(r.body.message).toBe('Please fill in all required fields');
      }
      const ok = await ctx.http.post('/buyer/financial-statement/submit').set(as('buyer')).send({ financialStatement: pfs });
      expect(ok.body).toEqual({ message: FORM_MSG.pfsSubmittedPdf });
      const got = (await ctx.http.get('/buyer/financial-statement').set(as('buyer'))).body.financialStatement;
      expect(got).toMatchObject({ status: 'SUBMITTED', totalAssets: '462001', totalLiabilities: '301500.05', netWorth: '160500.95', realEstate: '450000' });
      const p = await progress('buyer');
      expect(p.steps[3].completed).toBe(true);
      expect(p.currentStep).toBe(4);
      // another buyer of the listing does not see it
      await reach('otherBuyer', 3);
      expect((await ctx.http.get('/buyer/financial-statement').set(as('otherBuyer'))).body.financialStatement).toMatchObject({ status: 'NEW', name: '', checkingAccounts: '' });
    });

    it('a deleted buyer leaves no financial statement behind (user.deleted)', async () => {
      await reach('buyer', 3);
      await ctx.http.post('/buyer/financial-statement/save').set(as('buyer')).send({ financialStatement: { name: 'Blake Buyer', savingsAccounts: '100' } });
      const count = async () => (await ctx.ds.query('SELECT count(*)::int AS n FROM listings.client_forms WHERE user_id = $1', [USERS.buyer.sub]))[0].n;
      expect(await count()).toBe(1);
      await ctx.app.get(UserEventsService).userDeleted({ eventId: randomUUID(), userId: USERS.buyer.sub, role: 'BUYER', occurredAt: new Date().toISOString() });
      expect(await count()).toBe(0);
    });

    it('liabilities above assets give a negative net worth', async () => {
      await reach('buyer', 3);
      await ctx.http.post('/buyer/financial-statement/save').set(as('buyer')).send({ financialStatement: { savingsAccounts: '100', studentLoans: '250.5' } });
      expect((await ctx.http.get('/buyer/financial-statement').set(as('buyer'))).body.financialStatement.netWorth).toBe('-150.5');
    });

    it('money other than digits and one decimal point, over-long text and bad dates are 400', async () => {
      await reach('buyer', 3);
      for (const bad of [{ securities: '$1,000' }, { securities: '1.2.3' }, { securities: '9'.repeat(19) }, { name: 'n'.repeat(201) }, { preparedOn: '11/23/2026' }]) {
        const r = await ctx.http.post('/buyer/financial-statement/save').set(as('buyer')).send({ financialStatement: bad });
        expect(r.status).toBe(400);
        expect(r.body.message).toEqual(expect.any(String));
      }
    });
  });
});
