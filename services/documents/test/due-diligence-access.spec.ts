import { DUE_DILIGENCE_MSG } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import { ID, LISTING, OTHER_LISTING, UNKNOWN, as, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { NAMES, request, resetDd, sellerUpload, staffUpload } from './due-diligence-support.js';

/**
 * Every due-diligence route × role: the role it is for (2xx), every other role (403, the spec's text on the staff
 * upload), and a caller of that role who is not a party of the listing (404).
 */
describe('due diligence: every route × role × party', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDd(ctx);
    ctx.stub.selected.set(ID.buyer, LISTING);
    ctx.stub.selected.set(ID.seller, LISTING);
  });

  const ALL: Who[] = ['broker', 'agent', 'seller', 'buyer'];
  const others = (...allowed: Who[]) => ALL.filter((w) => !allowed.includes(w));
  const expect403 = async (res: { status: number; body: { message: string } }, message = FORBIDDEN_MESSAGE) => {
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(message);
  };
  const expect404 = (res: { status: number }) => expect(res.status).toBe(404);

  /** A staff file for the buyer under "Financial Statements (3 years)"; answers its id. */
  const staffFile = async () => {
    const res = await staffUpload(ctx, 'broker');
    expect(res.status).toBe(201);
    return res.body.document.id as string;
  };

  it('anonymous → 401 on every due-diligence route; /openapi.json documents them (uploads as multipart/form-data)', async () => {
    const routes: Array<[string, string]> = [
      ['get', `/buyer/listings/${LISTING}/due-diligence`], ['get', '/buyer/due-diligence'],
      ['post', `/buyer/listings/${LISTING}/due-diligence/request`], ['post', `/buyer/listings/${LISTING}/due-diligence/download`],
      ['get', `/buyer/listings/${LISTING}/due-diligence/download/TAX_RETURNS`],
      ['get', `/broker/buyers/${ID.buyer}/listings/${LISTING}/due-diligence`], ['post', `/broker/listings/${LISTING}/due-diligence/upload`],
      ['get', `/agent/buyers/${ID.buyer}/listings/${LISTING}/due-diligence`], ['post', `/agent/listings/${LISTING}/due-diligence/upload`],
      ['get', `/seller/listings/${LISTING}/due-diligence/requests`], ['post', `/seller/listings/${LISTING}/due-diligence/TAX_RETURNS/upload`],
      ['get', '/seller/due-diligence'], ['post', '/seller/due-diligence'], ['delete', `/seller/listings/${LISTING}/due-diligence/documents/${UNKNOWN}`],
    ];
    for (const [m, path] of routes) {
      const res = await (ctx.http as unknown as Record<string, (p: string) => Promise<{ status: number }>>)[m]!(path);
      expect([m, path, res.status]).toEqual([m, path, 401]);
    }
    type Op = { summary?: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties: object } }> } };
    const doc = (await ctx.http.get('/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
    const upload = doc.paths['/broker/listings/{listingId}/due-diligence/upload']!.post!;
    expect(Object.keys(upload.requestBody!.content['multipart/form-data']!.schema.properties)).toEqual(['documentName', 'documentType', 'stepId', 'buyerId', 'file']);
    expect(upload.responses['201']).toBeDefined();
    expect(doc.paths['/seller/listings/{id}/due-diligence/{docType}/upload']!.post!.requestBody!.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/buyer/listings/{id}/due-diligence/request']!.post!.requestBody!.content['application/json']).toBeDefined();
    expect(doc.paths['/seller/listings/{listingId}/due-diligence/documents/{documentId}']!.delete!.summary).toMatch(/^Defined/);
    for (const p of ['/buyer/listings/{listingId}/due-diligence', '/buyer/due-diligence', '/agent/buyers/{buyerId}/listings/{listingId}/due-diligence',
      '/seller/listings/{id}/due-diligence/requests', '/seller/due-diligence', '/buyer/listings/{id}/due-diligence/download/{docType}']) {
      expect([p, Object.keys(doc.paths[p] ?? {}).length > 0]).toEqual([p, true]);
    }
  });

  describe('buyer routes', () => {
    it('GET /buyer/listings/{listingId}/due-diligence', async () => {
      const path = (l: string) => `/buyer/listings/${l}/due-diligence`;
      const ok = await ctx.http.get(path(LISTING)).set(as('buyer'));
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ listingId: LISTING, buyerId: ID.buyer, requests: [], documents: [] });
      expect(ok.body.items).toHaveLength(16);
      for (const who of others('buyer')) await expect403(await ctx.http.get(path(LISTING)).set(as(who)));
      expect404(await ctx.http.get(path(OTHER_LISTING)).set(as('buyer')));
      expect404(await ctx.http.get(path(UNKNOWN)).set(as('buyer')));
    });

    it('GET /buyer/due-diligence (selected listing; empty without one)', async () => {
      const ok = await ctx.http.get('/buyer/due-diligence').set(as('buyer'));
      expect(ok.status).toBe(200);
      expect(ok.body.listingId).toBe(LISTING);
      for (const who of others('buyer')) await expect403(await ctx.http.get('/buyer/due-diligence').set(as(who)));
      ctx.stub.selected.delete(ID.buyer);
      const none = await ctx.http.get('/buyer/due-diligence').set(as('buyer'));
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ listingId: null, requests: [], documents: [], counts: { requested: 0, available: 0, pending: 0 } });
      ctx.stub.selected.set(ID.buyer, OTHER_LISTING); // a listing they are not (any more) a party of
      expect404(await ctx.http.get('/buyer/due-diligence').set(as('buyer')));
    });

    it('POST /buyer/listings/{id}/due-diligence/request', async () => {
      expect((await request(ctx, 'buyer', NAMES.tax)).status).toBe(200);
      for (const who of others('buyer')) await expect403(await request(ctx, who, NAMES.tax));
      expect404(await request(ctx, 'buyer', NAMES.tax, true, OTHER_LISTING));
      expect404(await request(ctx, 'buyer', NAMES.tax, true, UNKNOWN));
    });

    it('POST /buyer/listings/{listingId}/due-diligence/download', async () => {
      const id = await staffFile();
      const post = (who: Who, l = LISTING, documentId = id) => ctx.http.post(`/buyer/listings/${l}/due-diligence/download`).set(as(who)).send({ documentId, stepId: 7 });
      expect((await post('buyer')).status).toBe(200);
      for (const who of others('buyer')) await expect403(await post(who));
      expect404(await post('otherBuyer')); // a party of the listing, but the file is for another buyer
      expect404(await post('buyer', OTHER_LISTING));
    });

    it('GET /buyer/listings/{id}/due-diligence/download/{docType}', async () => {
      await staffFile();
      const get = (who: Who, l = LISTING) => ctx.http.get(`/buyer/listings/${l}/due-diligence/download/FINANCIAL_STATEMENTS`).set(as(who));
      expect((await get('buyer')).status).toBe(200);
      for (const who of others('buyer')) await expect403(await get(who));
      expect404(await get('buyer', OTHER_LISTING));
      const other = await get('otherBuyer');
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(DUE_DILIGENCE_MSG.notAvailable);
    });
  });

  describe('broker and agent routes', () => {
    for (const area of ['broker', 'agent'] as const) {
      const own: Who = area;
      it(`GET /${area}/buyers/{buyerId}/listings/{listingId}/due-diligence`, async () => {
        const path = (b: string, l: string) => `/${area}/buyers/${b}/listings/${l}/due-diligence`;
        const ok = await ctx.http.get(path(ID.buyer, LISTING)).set(as(own));
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({ listingId: LISTING, buyerId: ID.buyer, sellerDocuments: [] });
        for (const who of others(own)) await expect403(await ctx.http.get(path(ID.buyer, LISTING)).set(as(who)));
        expect404(await ctx.http.get(path(ID.buyer, OTHER_LISTING)).set(as(own))); // buyer not a party there
        expect404(await ctx.http.get(path(ID.seller, LISTING)).set(as(own))); // not a buyer of the listing
        if (area === 'agent') expect404(await ctx.http.get(path(ID.buyer, LISTING)).set(as('otherAgent'))); // not assigned
      });

      it(`POST /${area}/listings/{listingId}/due-diligence/upload`, async () => {
        const ok = await staffUpload(ctx, own, { area });
        expect(ok.status).toBe(201);
        expect(ok.body.document).toMatchObject({ documentName: NAMES.fin, uploaderRole: area.toUpperCase() });
        for (const who of ['buyer', 'seller'] as const) await expect403(await staffUpload(ctx, who, { area }), DUE_DILIGENCE_MSG.onlyStaffUpload);
        await expect403(await staffUpload(ctx, area === 'broker' ? 'agent' : 'broker', { area }));
        if (area === 'agent') expect404(await staffUpload(ctx, 'otherAgent', { area }));
        else expect404(await staffUpload(ctx, 'broker', { area, listingId: UNKNOWN }));
      });
    }
  });

  describe('seller routes', () => {
    it('GET /seller/listings/{id}/due-diligence/requests', async () => {
      const path = (l: string) => `/seller/listings/${l}/due-diligence/requests`;
      const ok = await ctx.http.get(path(LISTING)).set(as('seller'));
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ requests: [] });
      for (const who of others('seller')) await expect403(await ctx.http.get(path(LISTING)).set(as(who)));
      expect404(await ctx.http.get(path(LISTING)).set(as('otherSeller')));
    });

    it('POST /seller/listings/{id}/due-diligence/{docType}/upload', async () => {
      const ok = await sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' });
      expect(ok.status).toBe(201);
      expect(ok.body.document).toMatchObject({ documentName: NAMES.tax, uploaderRole: 'SELLER' });
      for (const who of others('seller')) await expect403(await sellerUpload(ctx, who, { docType: 'TAX_RETURNS' }));
      expect404(await sellerUpload(ctx, 'otherSeller', { docType: 'TAX_RETURNS' }));
      const unknown = await sellerUpload(ctx, 'seller', { docType: 'RECIPES' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(DUE_DILIGENCE_MSG.unknownDocType);
    });

    it('GET /seller/due-diligence', async () => {
      const ok = await ctx.http.get('/seller/due-diligence').set(as('seller'));
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ listingId: LISTING, requests: [], documents: [] });
      for (const who of others('seller')) await expect403(await ctx.http.get('/seller/due-diligence').set(as(who)));
      ctx.stub.selected.set(ID.seller, OTHER_LISTING);
      expect404(await ctx.http.get('/seller/due-diligence').set(as('seller')));
    });

    it('POST /seller/due-diligence (selected listing, optional documentName)', async () => {
      const ok = await sellerUpload(ctx, 'seller', { fields: { documentName: NAMES.lease } });
      expect(ok.status).toBe(201);
      expect(ok.body.document.documentName).toBe(NAMES.lease);
      const unnamed = await sellerUpload(ctx, 'seller');
      expect(unnamed.status).toBe(201);
      expect(unnamed.body.document.documentName).toBeNull();
      for (const who of others('seller')) await expect403(await sellerUpload(ctx, who));
      expect404(await sellerUpload(ctx, 'seller', { fields: { listingId: OTHER_LISTING } }));
      ctx.stub.selected.delete(ID.seller);
      const none = await sellerUpload(ctx, 'seller');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Please select a listing first');
    });

    it('DELETE /seller/listings/{listingId}/due-diligence/documents/{documentId}', async () => {
      const own = (await sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' })).body.document.id as string;
      const staff = await staffFile();
      const del = (who: Who, id: string, l = LISTING) => ctx.http.delete(`/seller/listings/${l}/due-diligence/documents/${id}`).set(as(who));
      for (const who of others('seller')) await expect403(await del(who, own));
      expect404(await del('otherSeller', own));
      expect404(await del('seller', staff)); // a staff file for a buyer: not the seller's to see
      expect404(await del('seller', own, OTHER_LISTING));
      const ok = await del('seller', own);
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Document deleted successfully');
      expect404(await del('seller', own));
    });
  });
});
