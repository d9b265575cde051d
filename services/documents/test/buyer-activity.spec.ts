import { expectInternalCallersEnforced, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';
import { ID, LISTING, OTHER_LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
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
    expect(byUser[ID.buyer]).toMatchObject({ views: 3, lastDownload: { documentType: 'CBR_CIM' }, lastUpload: null });
    expect(byUser[ID.otherBuyer]).toMatchObject({ views: 0, lastDownload: null });
    expect(Date.parse(byUser[ID.otherBuyer].lastUpload.at)).toBeGreaterThan(Date.now() - 60_000);

    const other = await ctx.internal.get(path(OTHER_LISTING)).set(asListings);
    expect(other.body).toEqual({ listingId: OTHER_LISTING, users: [] });
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
