import { DOCUMENT_MSG } from '@brokerage/contracts';
import { expectEveryRouteHasAccessRule } from '@brokerage/nest-common/testing';
import { PNG } from './support/files.js';
import { ID, LISTING, OTHER_LISTING, UNKNOWN, as, objects, reset, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { names, uploadAs } from './support/upload.js';

describe('who may see what: every documents route × role × owner / non-owner', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  type Route = { method: 'get' | 'post' | 'delete'; path: string; roles: Who[]; multipart?: boolean; body?: object };
  /** Every route, for documents `d` (a staff document on `l`) and listing `l`. */
  const routes = (l: string, d: string): Route[] => [
    { method: 'get', path: `/seller/documents?listingId=${l}`, roles: ['seller'] },
    { method: 'post', path: '/seller/documents/upload', roles: ['seller'], multipart: true },
    { method: 'get', path: `/seller/listing-agreement?listingId=${l}`, roles: ['seller'] },
    { method: 'get', path: `/seller/purchase-agreement?listingId=${l}`, roles: ['seller'] },
    { method: 'get', path: `/seller/closing-documents?listingId=${l}`, roles: ['seller'] },
    { method: 'get', path: `/seller/download-document/${d}`, roles: ['seller'] },
    { method: 'get', path: `/seller/step/2/documents?listingId=${l}`, roles: ['seller'] },
    { method: 'post', path: '/seller/step/2/upload', roles: ['seller'], body: { fileUrl: `/api/seller/download-document/${d}` } },
    { method: 'post', path: '/seller/step/2/download', roles: ['seller'], body: { documentId: d } },
    { method: 'get', path: `/seller/listings/${l}/documents`, roles: ['seller'] },
    { method: 'get', path: `/seller/listings/${l}/broker-documents`, roles: ['seller'] },
    { method: 'post', path: `/seller/listings/${l}/documents`, roles: ['seller'], multipart: true },
    { method: 'delete', path: `/seller/listings/${l}/documents/${d}`, roles: ['seller'] },
    { method: 'get', path: `/buyer/documents?listingId=${l}`, roles: ['buyer'] },
    { method: 'post', path: '/buyer/documents/upload', roles: ['buyer'], multipart: true },
    { method: 'get', path: `/buyer/cbr-cim?listingId=${l}`, roles: ['buyer'] },
    { method: 'get', path: `/buyer/purchase-contract?listingId=${l}`, roles: ['buyer'] },
    { method: 'get', path: `/buyer/closing-documents?listingId=${l}`, roles: ['buyer'] },
    { method: 'get', path: `/buyer/download-document/${d}`, roles: ['buyer'] },
    { method: 'get', path: `/buyer/listings/${l}/agent-documents`, roles: ['buyer'] },
    { method: 'post', path: `/buyer/download-agent-document/${d}`, roles: ['buyer'], body: { stepId: 4 } },
    { method: 'get', path: `/buyer/listings/${l}/documents`, roles: ['buyer'] },
    { method: 'post', path: `/buyer/listings/${l}/documents`, roles: ['buyer'], multipart: true },
    { method: 'delete', path: `/buyer/listings/${l}/documents/${d}`, roles: ['buyer'] },
    { method: 'post', path: `/buyer/listings/${l}/signed-contract`, roles: ['buyer'], multipart: true },
    { method: 'get', path: `/buyer/listings/${l}/contract/download`, roles: ['buyer'] },
    { method: 'post', path: '/buyer/step/4/download', roles: ['buyer'], body: { documentId: d } },
    ...(['broker', 'agent'] as const).flatMap((area): Route[] => [
      { method: 'get', path: `/${area}/listings/${l}/documents`, roles: [area] },
      { method: 'post', path: `/${area}/listings/${l}/documents`, roles: [area], multipart: true },
      { method: 'delete', path: `/${area}/listings/${l}/documents/${d}`, roles: [area] },
      { method: 'get', path: `/${area}/listings/${l}/seller-documents`, roles: [area] },
      { method: 'get', path: `/${area}/buyers/${ID.buyer}/listings/${l}/documents`, roles: [area] },
      { method: 'get', path: `/${area}/documents/${d}/download`, roles: [area] },
      { method: 'get', path: `/${area}/listings/${l}/activity`, roles: [area] },
      { method: 'get', path: `/${area}/documents/${d}/activity`, roles: [area] },
    ]),
  ];
  const call = (r: Route, who: Who | null) => {
    let req = ctx.http[r.method](r.path);
    if (who) req = req.set(as(who));
    if (r.multipart) return req.field('documentType', 'UPLOADED_DOC').field('listingId', OTHER_LISTING).attach('file', PNG, 'x.png');
    return r.body ? req.send(r.body) : req;
  };

  it('every route declares its roles', () => {
    expectEveryRouteHasAccessRule(ctx.app);
  });

  it('/openapi.json documents every route; uploads as multipart/form-data with their fields; defined paths described', async () => {
    type Op = { summary?: string; responses: Record<string, unknown>; requestBody: { content: Record<string, { schema: { properties: object } }> } };
    const doc = (await ctx.http.get('/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p.replace(/\{(\w+)\}/g, ':$1')}`));
    for (const r of routes(':listingId', ':documentId')) {
      const pattern = `${r.method} ${r.path.split('?')[0]!.replace(/\/(\d+)\//, '/:id/')}`;
      expect(documented.some((d) => d.replace(/:\w+/g, ':x') === pattern.replace(/:\w+/g, ':x').replace(new RegExp(ID.buyer, 'g'), ':x'))).toBe(true);
    }
    const upload = doc.paths['/broker/listings/{listingId}/documents']!.post!;
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties)).toEqual(['documentType', 'buyerId', 'audience', 'stepId', 'permission', 'file']);
    expect(upload.responses['201']).toBeDefined();
    expect(doc.paths['/broker/listings/{listingId}/activity']!.get!.summary).toMatch(/download audit/);
    expect(doc.paths['/buyer/listings/{listingId}/signed-contract']!.post!.summary).toMatch(/^Defined/);
  });

  it('anonymous → 401, a role the route is not for → 403, on every route', async () => {
    for (const r of routes(LISTING, UNKNOWN)) {
      expect([r.path, (await call(r, null)).status]).toEqual([r.path, 401]);
      for (const who of ['broker', 'agent', 'seller', 'buyer'] as Who[]) {
        if (r.roles.includes(who)) continue;
        expect([r.path, who, (await call(r, who)).status]).toEqual([r.path, who, 403]);
      }
    }
    expect(await objects(ctx)).toEqual([]);
  });

  it('a party of another listing gets 404 on every route of that listing or its documents; nothing is stored', async () => {
    // OTHER_LISTING belongs to otherSeller / otherAgent; the buyer is no party of it
    const staffDoc = await uploadAs(ctx, 'broker', OTHER_LISTING, { documentType: 'CLOSING_DOCS', audience: 'ALL' });
    await uploadAs(ctx, 'otherSeller', OTHER_LISTING, { documentType: 'FINANCIAL_DOCUMENTS' });
    const before = (await objects(ctx)).length;
    ctx.stub.selected.set(ID.seller, OTHER_LISTING); // a stale selection must not open it either
    ctx.stub.selected.set(ID.buyer, OTHER_LISTING);
    for (const r of routes(OTHER_LISTING, staffDoc.id)) {
      const who = r.roles[0]!;
      if (who === 'broker') continue;
      const res = await call(r, who);
      expect([r.path, who, res.status]).toEqual([r.path, who, 404]);
      expect([DOCUMENT_MSG.listingNotFound, DOCUMENT_MSG.documentNotFound, 'No Purchase Contract available for download']).toContain(res.body.message);
    }
    expect((await objects(ctx)).length).toBe(before);
  });

  it('unknown listing or document → 404 for the broker too', async () => {
    expect((await ctx.http.get(`/broker/listings/${UNKNOWN}/documents`).set(as('broker'))).status).toBe(404);
    expect((await ctx.http.get(`/broker/documents/${UNKNOWN}/download`).set(as('broker'))).status).toBe(404);
    const bad = await ctx.http.get('/broker/listings/nope/documents').set(as('broker'));
    expect(bad.status).toBe(400);
  });

  it("seller: their listing's documents meant for them; never buyers' uploads or buyer-only staff documents", async () => {
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'agreement.pdf' });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'closing.pdf' });
    await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    const res = await ctx.http.get(`/seller/listings/${LISTING}/documents`).set(as('seller'));
    expect(names(res.body)).toEqual(['agreement.pdf', 'closing.pdf', 'pl.pdf']);
    const broker = await ctx.http.get(`/seller/listings/${LISTING}/broker-documents`).set(as('seller'));
    expect(names(broker.body)).toEqual(['agreement.pdf', 'closing.pdf']);
  });

  it("buyer: documents for all buyers or for them alone; never another buyer's, never the seller's own uploads", async () => {
    const sellers = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'agreement.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'contract-blake.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.otherBuyer }, { name: 'contract-oscar.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'shared-copy.pdf' });
    const own = await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    const others = await uploadAs(ctx, 'otherBuyer', LISTING, {}, { name: 'oscar-funds.png' });
    const list = await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer'));
    expect(names(list.body)).toEqual(['cim.pdf', 'contract-blake.pdf', 'funds.png', 'shared-copy.pdf']);
    for (const id of [sellers.id, others.id]) {
      expect((await ctx.http.get(`/buyer/download-document/${id}`).set(as('buyer'))).status).toBe(404);
    }
    expect((await ctx.http.get(`/buyer/download-document/${own.id}`).set(as('buyer'))).status).toBe(200);
    const agentDocs = await ctx.http.get(`/buyer/listings/${LISTING}/agent-documents`).set(as('buyer'));
    expect(names(agentDocs.body)).toEqual(['cim.pdf', 'contract-blake.pdf', 'shared-copy.pdf']);
    // staff see all of them, and per buyer
    const staff = await ctx.http.get(`/agent/listings/${LISTING}/documents`).set(as('agent'));
    expect(staff.body.documents).toHaveLength(8);
    const perBuyer = await ctx.http.get(`/broker/buyers/${ID.buyer}/listings/${LISTING}/documents`).set(as('broker'));
    expect(names(perBuyer.body)).toEqual(['contract-blake.pdf', 'funds.png']);
    const filtered = await ctx.http.get(`/broker/listings/${LISTING}/documents?buyerId=${ID.otherBuyer}`).set(as('broker'));
    expect(names(filtered.body)).toEqual(['contract-oscar.pdf', 'oscar-funds.png']);
    const sellerDocs = await ctx.http.get(`/agent/listings/${LISTING}/seller-documents`).set(as('agent'));
    expect(names(sellerDocs.body)).toEqual(['pl.pdf']);
  });

  it('a rejected buyer loses every document at once, including one added after access was narrowed', async () => {
    const cim = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    const own = await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    ctx.stub.parties.get(LISTING)!.buyerIds = [ID.otherBuyer]; // the seller rejected Blake
    const later = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'final closing.pdf' });
    for (const path of [`/buyer/listings/${LISTING}/documents`, `/buyer/listings/${LISTING}/agent-documents`]) {
      expect((await ctx.http.get(path).set(as('buyer'))).status).toBe(404);
    }
    for (const id of [cim.id, own.id, later.id]) {
      expect((await ctx.http.get(`/buyer/download-document/${id}`).set(as('buyer'))).status).toBe(404);
      expect((await ctx.http.post(`/buyer/download-agent-document/${id}`).set(as('buyer')).send({ stepId: 4 })).status).toBe(404);
    }
    const closing = await ctx.http.get(`/buyer/closing-documents?listingId=${LISTING}`).set(as('buyer'));
    expect(closing.status).toBe(404);
    const up = await ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(as('buyer')).attach('file', PNG, 'again.png');
    expect(up.status).toBe(404);
    // Oscar, still a party, sees the new closing document
    const oscar = await ctx.http.get(`/buyer/closing-documents?listingId=${LISTING}`).set(as('otherBuyer'));
    expect(names(oscar.body)).toEqual(['final closing.pdf']);
  });

  it('an agent sees only assigned listings; the broker all', async () => {
    await uploadAs(ctx, 'otherSeller', OTHER_LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'theirs.pdf' });
    expect((await ctx.http.get(`/agent/listings/${OTHER_LISTING}/documents`).set(as('agent'))).status).toBe(404);
    expect(names((await ctx.http.get(`/agent/listings/${OTHER_LISTING}/documents`).set(as('otherAgent'))).body)).toEqual(['theirs.pdf']);
    expect(names((await ctx.http.get(`/broker/listings/${OTHER_LISTING}/documents`).set(as('broker'))).body)).toEqual(['theirs.pdf']);
  });

  it('delete: the uploader; broker/agent only staff documents; the object leaves S3', async () => {
    const sellers = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
    const staff = await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'agreement.pdf' });
    const buyers = await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    const del = (who: Who, area: string, id: string) => ctx.http.delete(`/${area}/listings/${LISTING}/documents/${id}`).set(as(who));
    expect((await del('broker', 'broker', sellers.id)).body).toEqual({ message: DOCUMENT_MSG.cannotDelete });
    expect((await del('seller', 'seller', staff.id)).status).toBe(403);
    expect((await del('buyer', 'buyer', sellers.id)).status).toBe(404); // not even visible
    expect((await del('otherBuyer', 'buyer', buyers.id)).status).toBe(404);
    expect((await ctx.http.delete(`/seller/listings/${OTHER_LISTING}/documents/${sellers.id}`).set(as('seller'))).status).toBe(404);
    expect(await objects(ctx)).toHaveLength(3);
    const ok = await del('agent', 'agent', staff.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: DOCUMENT_MSG.deleted });
    expect((await del('seller', 'seller', sellers.id)).status).toBe(200);
    expect((await del('buyer', 'buyer', buyers.id)).status).toBe(200);
    expect(await objects(ctx)).toEqual([]);
    expect((await ctx.http.get(`/broker/listings/${LISTING}/documents`).set(as('broker'))).body.documents).toEqual([]);
  });

  it('uploads need a selected listing or an explicit one the caller is a party to', async () => {
    const none = await ctx.http.post('/seller/documents/upload').set(as('seller')).attach('file', PNG, 'a.png');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(DOCUMENT_MSG.noListing);
    expect((await ctx.http.get('/seller/documents').set(as('seller'))).body).toEqual({ documents: [] });
    const notMine = await ctx.http.post('/seller/documents/upload').set(as('seller')).field('listingId', OTHER_LISTING).attach('file', PNG, 'a.png');
    expect(notMine.status).toBe(404);
    ctx.stub.selected.set(ID.seller, LISTING);
    const ok = await ctx.http.post('/seller/documents/upload').set(as('seller')).field('stepId', '4').attach('file', PNG, 'a.png');
    expect(ok.status).toBe(201);
    expect(ok.body.document).toMatchObject({ listingId: LISTING, type: 'FINANCIAL_DOCUMENTS', stepId: 4 });
    expect(names((await ctx.http.get('/seller/documents').set(as('seller'))).body)).toEqual(['a.png']);
    expect(names((await ctx.http.get('/seller/step/4/documents').set(as('seller'))).body)).toEqual(['a.png']);
    expect((await ctx.http.get('/seller/step/2/documents').set(as('seller'))).body.documents).toEqual([]);
    expect(await objects(ctx)).toHaveLength(1);
  });

  it('staff: a document type is required, and a related buyer must be a party of the listing', async () => {
    const noType = await ctx.http.post(`/broker/listings/${LISTING}/documents`).set(as('broker')).attach('file', PNG, 'a.png');
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('Please select a document type.');
    const stranger = await ctx.http.post(`/broker/listings/${LISTING}/documents`).set(as('broker'))
      .field('documentType', 'CBR_CIM').field('buyerId', ID.otherSeller).attach('file', PNG, 'a.png');
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(DOCUMENT_MSG.buyerNotParty);
    expect(await objects(ctx)).toEqual([]);
  });

  it('closing documents: the types and the file-name rule; broker uploads win over agent uploads', async () => {
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'CLOSING_DOCUMENTS' }, { name: 'agent-closing.pdf' });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'Final statement.pdf' });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'brochure.pdf' });
    const agentOnly = await ctx.http.get(`/seller/closing-documents?listingId=${LISTING}`).set(as('seller'));
    expect(names(agentOnly.body)).toEqual(['Final statement.pdf', 'agent-closing.pdf']);
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'broker-closing.pdf' });
    const broker = await ctx.http.get(`/buyer/closing-documents?listingId=${LISTING}`).set(as('buyer'));
    expect(names(broker.body)).toEqual(['broker-closing.pdf']);
  });

  it("agreements: the broker's over the agent's, and the seller's signed copies", async () => {
    const empty = await ctx.http.get(`/seller/purchase-agreement?listingId=${LISTING}`).set(as('seller'));
    expect(empty.body).toEqual({ document: null, signedCopies: [] });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'PURCHASE_AGREEMENT' }, { name: 'agent-pa.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_AGREEMENT' }, { name: 'broker-pa.pdf' });
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'PURCHASE_AGREEMENT' }, { name: 'agent-pa-2.pdf' });
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'PURCHASE_AGREEMENT', stepId: '6' }, { name: 'signed-pa.pdf' });
    const res = await ctx.http.get(`/seller/purchase-agreement?listingId=${LISTING}`).set(as('seller'));
    expect(res.body.document.fileName).toBe('broker-pa.pdf');
    expect(res.body.signedCopies.map((d: { fileName: string }) => d.fileName)).toEqual(['signed-pa.pdf']);
    const refused = await ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller')).field('documentType', 'PURCHASE_AGREEMENT').attach('file', PNG, 'signed.png');
    expect(refused.status).toBe(400);
  });
});
