import { identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';
import { NAMES, request, resetDd, staffUpload } from './due-diligence-support.js';
import { ID, LISTING, OTHER_LISTING, as, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** POST /internal/needs-attention: the clients' new uploads and the open due-diligence requests (listings' staff list). */
describe('internal needs-attention of listings', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetDd(ctx));

  const asListings = identityHeader(serviceIdentity('listings'));
  const ask = (listingIds: string[], since = new Date(Date.now() - 7 * 86_400_000)) =>
    ctx.internal.post('/internal/needs-attention').set(asListings).send({ listingIds, since: since.toISOString() });

  it('counts client uploads since the time per listing and client (staff uploads left out), and open requests per buyer', async () => {
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'ledger.pdf' });
    await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'funds-1.pdf' });
    await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'funds-2.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'memo.pdf' });
    for (const name of [NAMES.fin, NAMES.tax, NAMES.lease]) expect((await request(ctx, 'buyer', name)).status).toBeLessThan(300);
    expect((await request(ctx, 'otherBuyer', NAMES.tax)).status).toBeLessThan(300);
    // The broker answers the buyer's statements request: two of the buyer's three stay open; otherBuyer's one too.
    expect((await staffUpload(ctx, 'broker', { documentName: NAMES.fin })).status).toBeLessThan(300);

    const res = await ask([LISTING, OTHER_LISTING]);
    expect(res.status).toBe(200);
    const uploads = Object.fromEntries(res.body.uploads.map((u: { userId: string }) => [u.userId, u]));
    expect(Object.keys(uploads).sort()).toEqual([ID.seller, ID.buyer].sort());
    expect(uploads[ID.seller]).toMatchObject({ listingId: LISTING, role: 'SELLER', count: 1 });
    expect(uploads[ID.buyer]).toMatchObject({ listingId: LISTING, role: 'BUYER', count: 2 });
    const dd = Object.fromEntries(res.body.dueDiligence.map((d: { buyerId: string }) => [d.buyerId, d]));
    expect(dd[ID.buyer]).toMatchObject({ listingId: LISTING, open: 2 });
    expect(dd[ID.otherBuyer]).toMatchObject({ listingId: LISTING, open: 1 });

    // Only the listings named; uploads before `since` are not new.
    expect((await ask([OTHER_LISTING])).body).toEqual({ uploads: [], dueDiligence: [] });
    expect((await ask([LISTING], new Date(Date.now() + 60_000))).body.uploads).toEqual([]);
  });

  it('is for listings only: other services 403, users 403, a bad body 400', async () => {
    expect((await ctx.internal.post('/internal/needs-attention').set(identityHeader(serviceIdentity('messaging'))).send({ listingIds: [], since: new Date().toISOString() })).status).toBe(403);
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      expect((await ctx.internal.post('/internal/needs-attention').set(as(who)).send({ listingIds: [], since: new Date().toISOString() })).status).toBe(403);
    }
    expect((await ctx.internal.post('/internal/needs-attention').set(asListings).send({ listingIds: ['nope'], since: 'x' })).status).toBe(400);
  });
});
