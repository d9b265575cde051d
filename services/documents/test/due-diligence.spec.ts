import { DOCUMENT_MSG, DUE_DILIGENCE_DOCUMENT_NAMES, DUE_DILIGENCE_MSG, dueDiligenceViewSchema, staffDueDiligenceViewSchema } from '@brokerage/contracts';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { ID, LISTING, as, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { EXE, NAMES, PNG, ddOutbox, request, resetDd, sellerUpload, staffUpload, statusOf } from './due-diligence-support.js';

/** supertest parser: the body as bytes. */
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('due diligence: requests, per-buyer files, seller files, downloads, step 7', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' }); // the tests drain the relay themselves
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDd(ctx);
    ctx.stub.selected.set(ID.buyer, LISTING);
    ctx.stub.selected.set(ID.seller, LISTING);
  });

  const buyerView = async (who: Who = 'buyer') => {
    const res = await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence`).set(as(who));
    expect(res.status).toBe(200);
    return dueDiligenceViewSchema.parse(res.body);
  };
  const staffView = async (buyerId: string = ID.buyer, who: Who = 'broker') => {
    const res = await ctx.http.get(`/${who === 'agent' ? 'agent' : 'broker'}/buyers/${buyerId}/listings/${LISTING}/due-diligence`).set(as(who));
    expect(res.status).toBe(200);
    return staffDueDiligenceViewSchema.parse(res.body);
  };

  it('the table has the 16 fixed names in the spec order, all Not requested at first', async () => {
    const view = await buyerView();
    expect(view.items.map((i) => i.documentName)).toEqual([
      'Financial Statements (3 years)', 'Tax Returns (2 years)', 'Customer Contracts', 'Supplier Agreements', 'Lease Agreements',
      'Insurance Policies', 'Bank Statements', 'Accounts Receivable', 'Accounts Payable', 'Inventory Records', 'Equipment List',
      'Employee Records', 'Legal Documents', 'Environmental Reports', 'Intellectual Property', 'Business Licenses',
    ]);
    expect(DUE_DILIGENCE_DOCUMENT_NAMES).toHaveLength(16);
    expect(new Set(view.items.map((i) => i.status))).toEqual(new Set(['Not requested']));
    expect(view.counts).toEqual({ requested: 0, available: 0, pending: 0 });
    expect(view.stepCompleted).toBe(false);
  });

  it('request and unrequest toggle one item; the {documentTypes} variant requests several; repeats change nothing', async () => {
    const on = await request(ctx, 'buyer', NAMES.tax);
    expect(on.status).toBe(200);
    expect(statusOf(on.body, NAMES.tax)).toBe('Requested');
    expect(on.body.requests.map((r: { documentName: string }) => r.documentName)).toEqual([NAMES.tax]);
    expect((await request(ctx, 'buyer', NAMES.tax)).body.requests).toHaveLength(1);
    const off = await request(ctx, 'buyer', NAMES.tax, false);
    expect(statusOf(off.body, NAMES.tax)).toBe('Not requested');
    expect(off.body.requests).toEqual([]);
    expect((await request(ctx, 'buyer', NAMES.tax, false)).status).toBe(200); // removing a request that is not there
    const list = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(as('buyer'))
      .send({ documentTypes: ['LEASE_AGREEMENTS', NAMES.fin] });
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r: { documentName: string }) => r.documentName)).toEqual([NAMES.fin, NAMES.lease]); // spec order
    expect(list.body.counts).toEqual({ requested: 2, available: 0, pending: 2 });
    // another buyer's requests are their own
    expect((await buyerView('otherBuyer')).requests).toEqual([]);
  });

  it('refuses names outside the 16 and malformed bodies with the message', async () => {
    const bad = await request(ctx, 'buyer', 'Recipes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocumentName);
    const badType = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(as('buyer')).send({ documentTypes: ['RECIPES'] });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocType);
    const noFlag = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(as('buyer')).send({ documentName: NAMES.tax });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.message).toBe('requested must be true or false');
    const long = await request(ctx, 'buyer', 'x'.repeat(5000));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocumentName);
  });

  it("a staff upload makes the item Available for that buyer only; another buyer of the listing does not see it", async () => {
    await request(ctx, 'buyer', NAMES.fin);
    await request(ctx, 'otherBuyer', NAMES.fin);
    const up = await staffUpload(ctx, 'agent', { fileName: 'FS 2022-2024.pdf' });
    expect(up.status).toBe(201);
    expect(up.body.message).toBe('File uploaded successfully');
    const doc = up.body.document;
    expect(doc).toMatchObject({ documentName: NAMES.fin, fileName: 'FS 2022-2024.pdf', uploadedBy: ID.agent, uploaderName: 'Avery Agent', uploaderRole: 'AGENT' });
    expect(doc.fileSize).toBeGreaterThan(0);
    const mine = await buyerView();
    expect(statusOf(mine, NAMES.fin)).toBe('Available');
    expect(mine.documents).toEqual([expect.objectContaining({ id: doc.id, documentName: NAMES.fin, url: `/api/buyer/download-document/${doc.id}` })]);
    expect(mine.counts).toEqual({ requested: 1, available: 1, pending: 0 });
    const theirs = await buyerView('otherBuyer');
    expect(statusOf(theirs, NAMES.fin)).toBe('Requested');
    expect(theirs.documents).toEqual([]);
    expect((await ctx.http.get(`/buyer/download-document/${doc.id}`).set(as('otherBuyer'))).status).toBe(404);
    // the staff views follow the buyer: the broker sees it on this buyer's table, not on the other's
    expect((await staffView(ID.buyer)).documents.map((d) => d.id)).toEqual([doc.id]);
    expect((await staffView(ID.otherBuyer)).documents).toEqual([]);
    // the seller never sees staff files for a buyer
    expect((await ctx.http.get(`/seller/download-document/${doc.id}`).set(as('seller'))).status).toBe(404);
  });

  it('a file without a request leaves the item Not requested (files may come first)', async () => {
    await staffUpload(ctx, 'broker', { documentName: NAMES.lease });
    const view = await buyerView();
    expect(statusOf(view, NAMES.lease)).toBe('Not requested');
    expect(view.documents).toHaveLength(1);
    expect((await request(ctx, 'buyer', NAMES.lease)).body.items.find((i: { documentName: string }) => i.documentName === NAMES.lease).status).toBe('Available');
  });

  it('staff upload checks: documentName one of the 16, buyerId a buyer of the listing, the due-diligence allow-list and content', async () => {
    const noName = await staffUpload(ctx, 'broker', { documentName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocumentName);
    const noBuyer = await staffUpload(ctx, 'broker', { buyerId: '' });
    expect(noBuyer.status).toBe(400);
    expect(noBuyer.body.message).toBe('buyerId is required');
    const notParty = await staffUpload(ctx, 'broker', { buyerId: ID.seller });
    expect(notParty.status).toBe(400);
    expect(notParty.body.message).toBe(DOCUMENT_MSG.buyerNotParty);
    const wrongType = await staffUpload(ctx, 'broker', { extra: { documentType: 'CBR_CIM' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('documentType must be DUE_DILIGENCE');
    const exe = await staffUpload(ctx, 'broker', { fileName: 'tool.exe', bytes: EXE });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(DOCUMENT_MSG.badExtension('tool.exe', ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png']));
    const disguised = await staffUpload(ctx, 'broker', { fileName: 'ledger.pdf', bytes: EXE });
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe(DOCUMENT_MSG.contentMismatch('ledger.pdf'));
    const png = await staffUpload(ctx, 'broker', { fileName: 'licence.png', bytes: PNG, documentName: 'Business Licenses' });
    expect(png.status).toBe(201);
    expect(Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.documents'))[0].n)).toBe(1);
    expect(await ctx.storage.list('listings/')).toHaveLength(1);
  });

  it("a seller's files are never shown to buyers; staff see them to pass on; the seller sees open requests without buyer identities", async () => {
    await request(ctx, 'buyer', NAMES.tax);
    await request(ctx, 'otherBuyer', NAMES.tax);
    await request(ctx, 'otherBuyer', NAMES.lease);
    const up = await sellerUpload(ctx, 'seller', { docType: 'tax-returns', fileName: 'returns.pdf' });
    expect(up.status).toBe(201);
    const sellerDoc = up.body.document;
    expect(sellerDoc).toMatchObject({ documentName: NAMES.tax, uploaderRole: 'SELLER', url: `/api/seller/download-document/${sellerDoc.id}` });
    // buyers: still Requested, no file, no download of it by id or by name
    for (const who of ['buyer', 'otherBuyer'] as const) {
      const view = await buyerView(who);
      expect(statusOf(view, NAMES.tax)).toBe('Requested');
      expect(view.documents).toEqual([]);
      expect((await ctx.http.get(`/buyer/download-document/${sellerDoc.id}`).set(as(who))).status).toBe(404);
      const byName = await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/TAX_RETURNS`).set(as(who));
      expect(byName.status).toBe(404);
      expect(byName.body.message).toBe(DUE_DILIGENCE_MSG.notAvailable);
      const post = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(as(who)).send({ documentId: sellerDoc.id, stepId: 7 });
      expect(post.status).toBe(404);
    }
    // staff: the seller's file on every buyer's table, as sellerDocuments (with the staff download url)
    const staff = await staffView(ID.buyer, 'agent');
    expect(staff.sellerDocuments).toEqual([expect.objectContaining({ id: sellerDoc.id, documentName: NAMES.tax, url: `/api/agent/documents/${sellerDoc.id}/download` })]);
    expect(staff.documents).toEqual([]);
    // the seller: names buyers wait for, counted, and the seller's own files; no buyer ids anywhere
    const open = await ctx.http.get(`/seller/listings/${LISTING}/due-diligence/requests`).set(as('seller'));
    expect(open.body).toEqual({
      requests: [
        { documentName: NAMES.tax, pendingBuyers: 2, sellerFiles: 1 },
        { documentName: NAMES.lease, pendingBuyers: 1, sellerFiles: 0 },
      ],
    });
    const overview = await ctx.http.get('/seller/due-diligence').set(as('seller'));
    expect(overview.body.requests).toEqual(open.body.requests);
    expect(overview.body.documents.map((d: { id: string }) => d.id)).toEqual([sellerDoc.id]);
    for (const body of [open.body, overview.body]) {
      expect(JSON.stringify(body)).not.toContain(ID.buyer);
      expect(JSON.stringify(body)).not.toContain(ID.otherBuyer);
    }
    // staff pass it on to one buyer: that buyer's request is no longer open
    expect((await staffUpload(ctx, 'broker', { documentName: NAMES.tax, buyerId: ID.buyer })).status).toBe(201);
    const after = await ctx.http.get(`/seller/listings/${LISTING}/due-diligence/requests`).set(as('seller'));
    expect(after.body.requests[0]).toEqual({ documentName: NAMES.tax, pendingBuyers: 1, sellerFiles: 1 });
    // a rejected buyer's requests no longer count
    ctx.stub.parties.set(LISTING, { listingId: LISTING, sellerId: ID.seller, agentId: ID.agent, buyerIds: [ID.buyer] });
    expect((await ctx.http.get(`/seller/listings/${LISTING}/due-diligence/requests`).set(as('seller'))).body).toEqual({ requests: [] });
  });

  it('buyer step 7: the journey command is sent exactly when at least one is requested and every requested one has a file, once', async () => {
    const relay = ctx.app.get(JourneyRelayService);
    // a file with nothing requested: the rule does not hold
    await staffUpload(ctx, 'broker', { documentName: NAMES.lease });
    expect(await ddOutbox(ctx)).toEqual([]);
    await request(ctx, 'buyer', NAMES.fin);
    await request(ctx, 'buyer', NAMES.tax);
    await staffUpload(ctx, 'broker', { documentName: NAMES.fin });
    expect(await ddOutbox(ctx)).toEqual([]);
    expect((await buyerView()).stepCompleted).toBe(false);
    // files for the other buyer or from the seller do not count for this buyer
    await staffUpload(ctx, 'broker', { documentName: NAMES.tax, buyerId: ID.otherBuyer });
    await sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' });
    expect(await ddOutbox(ctx)).toEqual([]);
    // the last requested one gets its file → the command, once
    const last = await staffUpload(ctx, 'agent', { documentName: NAMES.tax });
    expect(last.status).toBe(201);
    expect(await ddOutbox(ctx)).toEqual([{ eventId: expect.any(String), userId: ID.buyer, listingId: LISTING, stepId: 7, source: 'documents.due-diligence-complete' }]);
    expect((await buyerView()).stepCompleted).toBe(true);
    await relay.drain();
    const sent = ctx.stub.events.filter((e) => e.source === 'documents.due-diligence-complete');
    expect(sent).toEqual([expect.objectContaining({ userId: ID.buyer, listingId: LISTING, stepId: 7 })]);
    // idempotent: more files, a new request and its file, toggles — no second command
    await staffUpload(ctx, 'broker', { documentName: NAMES.tax });
    await request(ctx, 'buyer', NAMES.lease); // already has a file: the rule holds again
    await request(ctx, 'buyer', NAMES.lease, false);
    await relay.drain();
    expect(await ddOutbox(ctx)).toHaveLength(1);
    expect(ctx.stub.events.filter((e) => e.source === 'documents.due-diligence-complete')).toHaveLength(1);
    // the other buyer has their own rule: their request with their file completes their step
    await request(ctx, 'otherBuyer', NAMES.tax);
    const outbox = await ddOutbox(ctx);
    expect(outbox).toHaveLength(2);
    expect(outbox[1]).toMatchObject({ userId: ID.otherBuyer, listingId: LISTING, stepId: 7 });
    expect(outbox[1]).not.toEqual(outbox[0]);
  });

  it('buyer step 7 also completes when the rule becomes true by removing the only request without a file', async () => {
    await request(ctx, 'buyer', NAMES.fin);
    await request(ctx, 'buyer', NAMES.tax);
    await staffUpload(ctx, 'broker', { documentName: NAMES.fin });
    expect(await ddOutbox(ctx)).toEqual([]);
    const off = await request(ctx, 'buyer', NAMES.tax, false);
    expect(off.body.stepCompleted).toBe(true);
    expect(await ddOutbox(ctx)).toEqual([expect.objectContaining({ userId: ID.buyer, stepId: 7 })]);
    // removing every request: nothing requested, the rule no longer holds (the step stays as the journey recorded it)
    expect((await request(ctx, 'buyer', NAMES.fin, false)).body.stepCompleted).toBe(false);
  });

  it('a request and a staff upload at the same time still complete step 7 (the check runs under one lock per buyer)', async () => {
    for (let round = 0; round < 5; round++) {
      await resetDd(ctx);
      await Promise.all([request(ctx, 'buyer', NAMES.fin), staffUpload(ctx, 'broker', { documentName: NAMES.fin })]);
      expect(await ddOutbox(ctx)).toHaveLength(1);
    }
  });

  it("seller step 7 completes on the seller's first due-diligence upload (once)", async () => {
    const sellerEvents = async () =>
      (await ctx.ds.query(`SELECT payload FROM documents.outbox WHERE payload->>'userId' = $1`, [ID.seller])).map((r: { payload: unknown }) => r.payload);
    await sellerUpload(ctx, 'seller', { docType: 'LEASE_AGREEMENTS' });
    await sellerUpload(ctx, 'seller');
    expect(await sellerEvents()).toEqual([expect.objectContaining({ userId: ID.seller, listingId: LISTING, stepId: 7, source: 'documents.first-due-diligence-upload' })]);
  });

  it('downloads: POST …/download records it in the audit; GET …/download/{docType} streams the newest file and records it', async () => {
    await request(ctx, 'buyer', NAMES.fin);
    const first = (await staffUpload(ctx, 'broker', { fileName: 'old.pdf' })).body.document;
    await new Promise((r) => setTimeout(r, 10));
    const newest = await staffUpload(ctx, 'broker', { fileName: 'new.png', bytes: PNG });
    const rec = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(as('buyer')).set('X-Forwarded-For', '203.0.113.7').send({ documentId: first.id, stepId: 7 });
    expect(rec.status).toBe(200);
    expect(rec.body.document).toMatchObject({ id: first.id, documentName: NAMES.fin, url: `/api/buyer/download-document/${first.id}` });
    expect(rec.body.file).toMatchObject({ id: first.id, type: 'DUE_DILIGENCE', stepId: 7, category: 'STAFF_UPLOAD', audience: 'BUYER', buyerId: ID.buyer });
    const badStep = await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(as('buyer')).send({ documentId: first.id, stepId: 3 });
    expect(badStep.status).toBe(400);
    expect(badStep.body.message).toBe('stepId must be 7');
    const file = await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/financial-statements`).set(as('buyer')).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="new.png"/);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    const byFullName = await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/${encodeURIComponent(NAMES.fin)}`).set(as('buyer'));
    expect(byFullName.status).toBe(200);
    const unknown = await ctx.http.get(`/buyer/listings/${LISTING}/due-diligence/download/RECIPES`).set(as('buyer'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocType);
    // the staff "Activity" trail shows all three, newest first
    const activity = await ctx.http.get(`/broker/listings/${LISTING}/activity`).set(as('broker'));
    expect(activity.status).toBe(200);
    expect(activity.body.downloads.map((d: { documentId: string; user: { id: string; role: string } }) => [d.documentId, d.user.id, d.user.role])).toEqual([
      [newest.body.document.id, ID.buyer, 'BUYER'],
      [newest.body.document.id, ID.buyer, 'BUYER'],
      [first.id, ID.buyer, 'BUYER'],
    ]);
    expect(activity.body.downloads[2]).toMatchObject({ fileName: 'old.pdf', documentType: 'DUE_DILIGENCE', ip: '203.0.113.7' });
  });

  it("the seller deletes only their own due-diligence uploads; the listing's deletion removes the requests", async () => {
    const own = (await sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' })).body.document.id as string;
    const generic = await ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller')).field('documentType', 'FINANCIAL_DOCUMENTS')
      .attach('file', PNG, 'pnl.png');
    expect(generic.status).toBe(201);
    const notDd = await ctx.http.delete(`/seller/listings/${LISTING}/due-diligence/documents/${generic.body.document.id}`).set(as('seller'));
    expect(notDd.status).toBe(404);
    expect(notDd.body.message).toBe(DOCUMENT_MSG.documentNotFound);
    expect((await ctx.http.delete(`/seller/listings/${LISTING}/due-diligence/documents/${own}`).set(as('seller'))).status).toBe(200);
    expect((await ctx.http.get('/seller/due-diligence').set(as('seller'))).body.documents).toEqual([]);
    await request(ctx, 'buyer', NAMES.tax);
    const { ListingEventsRepository } = await import('../src/listing-events/listing-events.repository.js');
    await ctx.app.get(ListingEventsRepository).deleteListing(LISTING);
    expect(Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.due_diligence_requests'))[0].n)).toBe(0);
  });
});
