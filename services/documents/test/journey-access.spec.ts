import { DOCUMENT_MSG, LOCKED_MESSAGE } from '@brokerage/contracts';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { NAMES, resetDd, sellerUpload, staffUpload } from './due-diligence-support.js';
import { PNG, pdfFile } from './support/files.js';
import { ID, LISTING, as, journey, journeyAt, objects, rowCount, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** supertest parser: the body as bytes (downloads). */
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * Issue 18 §1: the journey's rule on every documents route about a listing (contracts decideListingAccess). A buyer
 * learns nothing before their NDA (409, nothing in the body); after it they read the lists, but the files and writes
 * of a step not reached answer 409 and change nothing; sellers are bound by steps for writes only; staff never.
 */
describe('the journey rule on documents and due diligence (issue 18 §1)', () => {
  let ctx: DocsCtx;
  let docs: { cim: string; contract: string; closing: string; dd: string; sellerAgreement: string };
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDd(ctx);
    ctx.stub.selected.set(ID.buyer, LISTING);
    ctx.stub.selected.set(ID.seller, LISTING);
    // what staff provided: the CBR/CIM (step 4), the buyer's contract (6), a due-diligence file (7), closing docs (9)
    docs = {
      cim: (await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'secret-cim.pdf', bytes: await pdfFile('Secret roastery margins') })).id,
      contract: (await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'secret-contract.pdf' })).id,
      closing: (await uploadAs(ctx, 'agent', LISTING, { documentType: 'CLOSING_DOCS', stepId: '9' }, { name: 'secret-closing.pdf' })).id,
      dd: (await staffUpload(ctx, 'broker', { documentName: NAMES.tax, fileName: 'secret-tax.pdf' })).body.document.id,
      sellerAgreement: (await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'secret-agreement.pdf' })).id,
    };
  });

  /** What the database, the bucket, the audit and the journey outbox hold: a refused call changes none of it. */
  const state = async () => ({
    rows: await rowCount(ctx),
    objects: (await objects(ctx)).length,
    downloads: Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.downloads'))[0].n),
    outbox: Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.outbox'))[0].n),
    requests: Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.due_diligence_requests'))[0].n),
  });

  type Call = { name: string; send: () => PromiseLike<{ status: number; body: unknown; text?: string }> };
  const buyer = () => as('buyer');
  /** Every buyer documents / due-diligence route about LISTING (reads, files, writes). */
  const buyerCalls = (): Call[] => [
    { name: 'GET /buyer/documents (selected)', send: () => ctx.http.get('/buyer/documents').set(buyer()) },
    { name: 'GET /buyer/documents?listingId', send: () => ctx.http.get(`/buyer/documents?listingId=${LISTING}`).set(buyer()) },
    { name: 'GET /buyer/cbr-cim', send: () => ctx.http.get('/buyer/cbr-cim').set(buyer()) },
    { name: 'GET /buyer/purchase-contract', send: () => ctx.http.get('/buyer/purchase-contract').set(buyer()) },
    { name: 'GET /buyer/closing-documents', send: () => ctx.http.get('/buyer/closing-documents').set(buyer()) },
    { name: 'GET /buyer/download-document/:id', send: () => ctx.http.get(`/buyer/download-document/${docs.cim}`).set(buyer()).buffer(true).parse(binary) },
    { name: 'GET /buyer/listings/:id/documents', send: () => ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(buyer()) },
    { name: 'GET /buyer/listings/:id/agent-documents', send: () => ctx.http.get(`/buyer/listings/${LISTING}/agent-documents`).set(buyer()) },
    { name: 'POST /buyer/download-agent-document/:id', send: () => ctx.http.post(`/buyer/download-agent-document/${docs.cim}`).set(buyer()).send({ stepId: 4 }) },
    { name: 'POST /buyer/step/4/download', send: () => ctx.http.post('/buyer/step/4/download').set(buyer()).send({ documentId: docs.cim }) },
    { name: 'GET /buyer/listings/:id/contract/download', send: () => ctx.http.get(`/buyer/listings/${LISTING}/contract/download`).set(buyer()).buffer(true).parse(binary) },
    { name: 'POST /buyer/listings/:id/documents', send: () => ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(buyer()).attach('file', PNG, 'proof-of-funds.png') },
    { name: 'POST /buyer/documents/upload', send: () => ctx.http.post('/buyer/documents/upload').set(buyer()).field('stepId', '5').attach('file', PNG, 'proof-of-funds.png') },
    { name: 'POST /buyer/listings/:id/signed-contract', send: async () => ctx.http.post(`/buyer/listings/${LISTING}/signed-contract`).set(buyer()).attach('file', await pdfFile('signed'), 'signed.pdf') },
    { name: 'DELETE /buyer/listings/:id/documents/:id', send: () => ctx.http.delete(`/buyer/listings/${LISTING}/documents/${docs.cim}`).set(buyer()) },
    { name: 'GET /buyer/due-diligence', send: () => ctx.http.get('/buyer/due-diligence').set(buyer()) },
    { name: 'GET /buyer/listings/:id/due-diligence', send: () => ctx.http.get(`/buyer/listings/${LISTING}/due-diligence`).set(buyer()) },
    { name: 'POST /buyer/listings/:id/due-diligence/request', send: () => ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(buyer()).send({ documentName: NAMES.tax, requested: true }) },
    { name: 'POST /buyer/listings/:id/due-diligence/download', send: () => ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(buyer()).send({ documentId: docs.dd, stepId: 7 }) },
    { name: 'GET /buyer/listings/:id/due-diligence/download/:docType', send: () => ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/TAX_RETURNS`).set(buyer()).buffer(true).parse(binary) },
  ];

  const bodyText = (res: { body: unknown; text?: string }) => (Buffer.isBuffer(res.body) ? res.body.toString('latin1') : JSON.stringify(res.body) + (res.text ?? ''));
  const expectLocked = (name: string, res: { status: number; body: unknown; text?: string }) => {
    expect([name, res.status]).toEqual([name, 409]);
    const text = bodyText(res);
    expect([name, text]).toEqual([name, expect.stringContaining(LOCKED_MESSAGE)]);
    for (const secret of ['secret', 'Secret', '%PDF']) expect([name, text.includes(secret)]).toEqual([name, false]);
  };

  it('the leak: a buyer who selected an ACTIVE listing (step 0 done, no NDA) gets 409 and nothing on every route; nothing changes', async () => {
    journey(ctx, 'buyer', journeyAt(1)); // POST /buyer/select-listing: an interested party, Select Listing completed
    const before = await state();
    for (const c of buyerCalls()) expectLocked(c.name, await c.send());
    expect(await state()).toEqual(before);
    await ctx.app.get(JourneyRelayService).drain();
    expect(ctx.stub.events).toEqual([]);
  });

  it('the same for a buyer without a journey yet (assigned by staff) and a buyer whose NDA was reopened', async () => {
    for (const j of [null, { currentStep: 2, completedSteps: [0, 1, 3] }]) {
      journey(ctx, 'buyer', j);
      const before = await state();
      for (const c of buyerCalls()) expectLocked(c.name, await c.send());
      expect(await state()).toEqual(before);
    }
  });

  it('after the NDA (step 3): the lists are readable, the files and writes of steps 4-7 answer 409 and change nothing', async () => {
    journey(ctx, 'buyer', journeyAt(3));
    const list = await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(buyer());
    expect(list.status).toBe(200);
    expect(list.body.documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['secret-cim.pdf', 'secret-closing.pdf', 'secret-contract.pdf', 'secret-tax.pdf']);
    expect((await ctx.http.get('/buyer/cbr-cim').set(buyer())).body.document.id).toBe(docs.cim);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence`).set(buyer())).status).toBe(200);
    const before = await state();
    const locked = buyerCalls().filter((c) => !/^GET \/buyer\/(documents|cbr-cim|purchase-contract|closing-documents|listings\/:id\/(documents|agent-documents|due-diligence)$|due-diligence$)/.test(c.name));
    expect(locked).toHaveLength(11);
    for (const c of locked) expectLocked(c.name, await c.send());
    expect(await state()).toEqual(before);
    await ctx.app.get(JourneyRelayService).drain();
    expect(ctx.stub.events).toEqual([]);
  });

  it('step by step: each file and write opens at its step (CBR/CIM 4, uploads 5, contract 6, due diligence 7, closing 9)', async () => {
    const dl = (id: string) => ctx.http.get(`/buyer/download-document/${id}`).set(buyer()).buffer(true).parse(binary);
    const upload = () => ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(buyer()).attach('file', PNG, 'proof-of-funds.png');
    const signed = async () => ctx.http.post(`/buyer/listings/${LISTING}/signed-contract`).set(buyer()).attach('file', await pdfFile('signed'), 'signed.pdf');
    const ddRequest = () => ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(buyer()).send({ documentName: NAMES.tax, requested: true });

    journey(ctx, 'buyer', journeyAt(4));
    expect((await dl(docs.cim)).status).toBe(200);
    expect((await ctx.http.post(`/buyer/download-agent-document/${docs.cim}`).set(buyer()).send({ stepId: 4 })).status).toBe(200);
    expect((await upload()).status).toBe(409);
    expect((await dl(docs.contract)).status).toBe(409);

    journey(ctx, 'buyer', journeyAt(5));
    expect((await upload()).status).toBe(201);
    expect((await signed()).status).toBe(409);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/contract/download`).set(buyer())).status).toBe(409);

    journey(ctx, 'buyer', journeyAt(6));
    expect((await signed()).status).toBe(201);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/contract/download`).set(buyer()).buffer(true).parse(binary)).status).toBe(200);
    expect((await ddRequest()).status).toBe(409);
    expect((await dl(docs.dd)).status).toBe(409);

    journey(ctx, 'buyer', journeyAt(7));
    expect((await ddRequest()).status).toBe(200);
    expect((await dl(docs.dd)).status).toBe(200);
    expect((await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(buyer()).send({ documentId: docs.dd, stepId: 7 })).status).toBe(200);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/TAX_RETURNS`).set(buyer()).buffer(true).parse(binary)).status).toBe(200);
    expect((await dl(docs.closing)).status).toBe(409);

    journey(ctx, 'buyer', journeyAt(9));
    expect((await dl(docs.closing)).status).toBe(200);
  });

  it('a buyer\'s own upload of step 5 cannot be deleted or re-tagged once the step was reopened behind it', async () => {
    journey(ctx, 'buyer', journeyAt(5));
    const own = await uploadAs(ctx, 'buyer', LISTING, { stepId: '5' }, { name: 'funds.png' });
    journey(ctx, 'buyer', journeyAt(4));
    const before = await state();
    expect((await ctx.http.delete(`/buyer/listings/${LISTING}/documents/${own.id}`).set(buyer())).status).toBe(409);
    expect((await ctx.http.patch(`/buyer/documents/${own.id}/tag`).set(buyer()).send({ tag: null })).status).toBe(409);
    expect(await state()).toEqual(before);
  });

  it('sellers read freely but write only to steps reached (agreement 2, financials 4, purchase agreement 6, due diligence 7, closing 9)', async () => {
    journey(ctx, 'seller', journeyAt(1));
    expect((await ctx.http.get(`/seller/listings/${LISTING}/documents`).set(as('seller'))).status).toBe(200);
    expect((await ctx.http.get('/seller/listing-agreement').set(as('seller'))).status).toBe(200);
    expect((await ctx.http.get(`/seller/download-document/${docs.sellerAgreement}`).set(as('seller')).buffer(true).parse(binary)).status).toBe(200);
    expect((await ctx.http.get(`/seller/listings/${LISTING}/due-diligence/requests`).set(as('seller'))).status).toBe(200);
    expect((await ctx.http.get('/seller/due-diligence').set(as('seller'))).status).toBe(200);

    const up = (fields: Record<string, string>, name = 'seller-file.pdf') => {
      let req = ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller'));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return pdfFile(name).then((bytes) => req.attach('file', bytes, name));
    };
    const writes: Array<{ step: number; name: string; send: () => PromiseLike<{ status: number; body: { message?: string } }> }> = [
      { step: 2, name: 'listing agreement (documents)', send: () => up({ documentType: 'LISTING_AGREEMENT', stepId: '2' }) },
      { step: 2, name: 'POST /seller/listing-agreement', send: async () => ctx.http.post('/seller/listing-agreement').set(as('seller')).attach('file', await pdfFile('signed'), 'signed-la.pdf') },
      { step: 4, name: 'financials', send: () => up({ documentType: 'FINANCIAL_DOCUMENTS' }) },
      { step: 4, name: 'financials by stepId', send: () => ctx.http.post('/seller/documents/upload').set(as('seller')).field('stepId', '4').attach('file', PNG, 'pl.png') },
      { step: 6, name: 'purchase agreement', send: () => up({ documentType: 'PURCHASE_AGREEMENT', stepId: '6' }) },
      { step: 7, name: 'due diligence (documents)', send: () => up({ documentType: 'DUE_DILIGENCE' }) },
      { step: 7, name: 'due diligence by name', send: () => sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' }) },
      { step: 7, name: 'due diligence (selected listing)', send: () => sellerUpload(ctx, 'seller') },
      { step: 9, name: 'closing', send: () => up({ documentType: 'UPLOADED_DOC', stepId: '9' }) },
    ];
    for (const w of writes) {
      journey(ctx, 'seller', journeyAt(w.step - 1));
      const before = await state();
      const refused = await w.send();
      expect([w.name, refused.status, refused.body.message]).toEqual([w.name, 409, LOCKED_MESSAGE]);
      expect([w.name, await state()]).toEqual([w.name, before]);
      journey(ctx, 'seller', journeyAt(w.step));
      expect([w.name, (await w.send()).status]).toEqual([w.name, 201]);
    }
  });

  it('staff are not bound by journeys; a non-party gets 404 whatever their journey', async () => {
    journey(ctx, 'buyer', journeyAt(1));
    journey(ctx, 'seller', journeyAt(1));
    for (const who of ['broker', 'agent'] as Who[]) {
      expect((await ctx.http.get(`/${who}/documents/${docs.cim}/download`).set(as(who))).status).toBe(200);
      expect((await ctx.http.get(`/${who}/buyers/${ID.buyer}/listings/${LISTING}/due-diligence`).set(as(who))).status).toBe(200);
      expect((await uploadAs(ctx, who, LISTING, { documentType: 'CLOSING_DOCS' }, { name: `${who}-closing.pdf` })).listingId).toBe(LISTING);
      expect((await staffUpload(ctx, who, { documentName: NAMES.fin })).status).toBe(201);
    }
    ctx.stub.parties.get(LISTING)!.buyerIds = [ID.otherBuyer]; // Blake rejected: no longer a party, NDA or not
    journey(ctx, 'buyer', journeyAt(10));
    for (const res of [
      await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(buyer()),
      await ctx.http.get(`/buyer/download-document/${docs.cim}`).set(buyer()),
      await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(buyer()).send({ documentName: NAMES.tax, requested: true }),
    ]) {
      expect(res.status).toBe(404);
      expect([DOCUMENT_MSG.listingNotFound, DOCUMENT_MSG.documentNotFound]).toContain(res.body.message);
    }
  });
});
