import { expectInternalCallersEnforced, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';
import { ID, LISTING, OTHER_LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { pdfFile } from './support/files.js';
import { uploadAs } from './support/upload.js';

/** GET /internal/listings/{id}/buyer-activity: what listings' seller "Buyer Activity" needs from the download audit. */
describe('internal buyer activity of a listing', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const asListings = identityHeader(serviceIdentity('listings'));
  const path = (id: string) => `/internal/listings/${id}/buyer-activity`;

  it('counts each buyer\'s downloads and views, names their latest download type and their latest upload; staff and sellers are left out', async () => {
    const cim = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    const memo = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'memo.pdf' });
    await ctx.http.get(`/buyer/download-document/${memo.id}`).set(as('buyer'));
    await ctx.http.get(`/buyer/download-document/${memo.id}?disposition=inline`).set(as('buyer'));
    await ctx.http.get(`/buyer/download-document/${cim.id}`).set(as('buyer'));
    await ctx.http.get(`/seller/download-document/${memo.id}`).set(as('seller'));
    await uploadAs(ctx, 'otherBuyer', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'proof-of-funds.pdf' });

    const res = await ctx.internal.get(path(LISTING)).set(asListings);
    expect(res.status).toBe(200);
    expect(res.body.listingId).toBe(LISTING);
    const byUser = Object.fromEntries(res.body.users.map((u: { userId: string }) => [u.userId, u]));
    expect(Object.keys(byUser).sort()).toEqual([ID.buyer, ID.otherBuyer].sort());
    expect(byUser[ID.buyer]).toMatchObject({ views: 3, lastView: null, lastDownload: { documentType: 'CBR_CIM' }, lastUpload: null });
    expect(byUser[ID.otherBuyer]).toMatchObject({ views: 0, lastDownload: null });
    expect(Date.parse(byUser[ID.otherBuyer].lastUpload.at)).toBeGreaterThan(Date.now() - 60_000);

    const other = await ctx.internal.get(path(OTHER_LISTING)).set(asListings);
    expect(other.body).toEqual({ listingId: OTHER_LISTING, users: [] });
  });

  it('a document read in the viewer is one view per buyer and version, its last page-time report the "lastView"; the viewer\'s opening is no download', async () => {
    await ctx.ds.query('TRUNCATE documents.page_engagement');
    const cim = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf', bytes: await pdfFile('CIM', 3) });
    const memo = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'memo.pdf' });
    const read = (who: 'buyer' | 'otherBuyer', pages: Array<{ page: number; ms: number }>) =>
      ctx.http.post(`/buyer/documents/${cim.id}/engagement`).set(as(who)).send({ pages }).expect(204);

    await ctx.http.get(`/buyer/download-document/${memo.id}`).set(as('buyer')).expect(200);
    await ctx.http.get(`/buyer/download-document/${memo.id}?disposition=inline`).set(as('buyer')).expect(200);
    for (const who of ['buyer', 'otherBuyer'] as const) await ctx.http.get(`/buyer/documents/${cim.id}/pages`).set(as(who)).expect(200);
    await read('buyer', [{ page: 1, ms: 4000 }]);
    await ctx.http.get(`/buyer/documents/${cim.id}/pages`).set(as('buyer')).expect(200); // opened again: time, not views
    await read('buyer', [{ page: 2, ms: 3000 }]);
    // otherBuyer opened the viewer but no page time was reported: nothing read, nothing downloaded.

    const res = await ctx.internal.get(path(LISTING)).set(asListings);
    const byUser = Object.fromEntries(res.body.users.map((u: { userId: string }) => [u.userId, u]));
    expect(byUser[ID.buyer]).toMatchObject({ views: 3, lastView: { documentType: 'CBR_CIM' }, lastDownload: { documentType: 'UPLOADED_DOC' } });
    const [{ last_seen_at: lastSeen }] = await ctx.ds.query(
      'SELECT max(last_seen_at) AS last_seen_at FROM documents.page_engagement WHERE buyer_id = $1 AND document_id = $2', [ID.buyer, cim.id],
    );
    expect(byUser[ID.buyer].lastView.at).toBe((lastSeen as Date).toISOString());
    expect(byUser[ID.otherBuyer]).toBeUndefined();
    const audit = await ctx.ds.query('SELECT user_id, via FROM documents.downloads WHERE document_id = $1 ORDER BY downloaded_at', [cim.id]);
    expect(audit.map((r: { via: string }) => r.via)).toEqual(['viewer', 'viewer', 'viewer']);

    // A deleted document's records no longer count.
    await ctx.ds.query('DELETE FROM documents.documents WHERE id = $1', [cim.id]);
    const after = await ctx.internal.get(path(LISTING)).set(asListings);
    expect(after.body.users.find((u: { userId: string }) => u.userId === ID.buyer)).toMatchObject({ views: 2, lastView: null });
  });

  it('documents\' internal routes (buyer activity, pdf jobs) answer 403 to every service but listings', async () => {
    expect(await expectInternalCallersEnforced(ctx.app)).toBe(24);
    expect((await ctx.internal.get(path(LISTING)).set(identityHeader(serviceIdentity('messaging')))).status).toBe(403);
  });

  it('is for services only: users 403, no token 401, a bad id 400', async () => {
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      const res = await ctx.internal.get(path(LISTING)).set(as(who));
      expect(res.status).toBe(403);
    }
    expect((await ctx.internal.get(path(LISTING))).status).toBe(401);
    expect((await ctx.internal.get(path('nope')).set(asListings)).status).toBe(400);
  });
});
