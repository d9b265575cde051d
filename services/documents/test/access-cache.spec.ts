import { DOCUMENT_MSG, LOCKED_MESSAGE } from '@brokerage/contracts';
import type { ListingEventType } from '@brokerage/contracts/live-events';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { waitFor } from '@brokerage/nest-common/testing';
import { ListingsClient } from '../src/listings-access/listings.client.js';
import { pdfFile } from './support/files.js';
import { ID, LISTING, as, journey, journeyAt, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** supertest parser: the body as bytes. */
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const message = (res: { body: unknown }): string => (Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString()) : res.body).message;

/**
 * Issue 23 §3 bench: the access rule's answer from listings (parties + the caller's journey) is reused per listing ×
 * user instead of asked on every viewer / engagement / download request; the listing events that change it drop it at
 * once. The cache lives a minute here (LISTING_ACCESS_CACHE_MS 60000): only the events can explain a refusal that
 * follows a change at once.
 */
describe('the access answer cached per listing × user, dropped by the events that change it', () => {
  let ctx: DocsCtx;
  let cim: string;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000', LISTING_ACCESS_CACHE_MS: '60000' });
    expect(await ctx.app.get(ListingsClient).whenLive()).toBe(true);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await reset(ctx);
    await ctx.app.get(ListingsClient).forgetAll(); // reset() changed the stub's tables without listings' events
    cim = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf', bytes: await pdfFile('Confidential Business Review', 2) })).id;
  });

  const page = (n = 1) => ctx.http.get(`/buyer/documents/${cim}/pages/${n}`).set(as('buyer')).buffer(true).parse(binary);
  const report = () => ctx.http.post(`/buyer/documents/${cim}/engagement`).set(as('buyer')).send({ pages: [{ page: 1, ms: 1500 }] });
  const partyCalls = () => ctx.stub.calls.filter((c) => c === `GET /internal/listings/${LISTING}/parties`).length;
  /** What listings publishes after its change committed (the same publisher, the listing's live channel). */
  const listingsEvent = (type: ListingEventType, extra: { stepId?: number } = {}) =>
    ctx.app.get(ListingEventsPublisher).emit(null, { type, listingId: LISTING, userId: ID.buyer, kind: 'BUYER', ...extra }, { clients: 'seller', own: ID.buyer });

  it('a buyer reading pages and reporting time asks listings once, not on every request', async () => {
    expect((await page(1)).status).toBe(200);
    const before = partyCalls();
    for (const n of [1, 2, 1, 2]) expect((await page(n)).status).toBe(200);
    expect((await report()).status).toBe(204);
    expect((await ctx.http.get(`/buyer/download-document/${cim}`).set(as('buyer'))).status).toBe(200);
    expect(partyCalls()).toBe(before);
  });

  it('a revocation reaches an open viewer at once (documents\' own rows: the next page is refused)', async () => {
    expect((await page(1)).status).toBe(200);
    const revoked = await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({ documentId: cim });
    expect(revoked.status).toBe(200);
    const next = await page(2);
    expect(next.status).toBe(403);
    expect(message(next)).toBe(DOCUMENT_MSG.accessRevoked);
    expect((await report()).status).toBe(403);
  });

  it('a buyer the seller rejected is no longer a party: once listings\' event arrives, the next page is 404', async () => {
    expect((await page(1)).status).toBe(200);
    ctx.stub.parties.set(LISTING, { ...ctx.stub.parties.get(LISTING)!, buyerIds: [ID.otherBuyer] });
    // the change alone is not seen (the answer is reused: this test would prove nothing otherwise) …
    expect((await page(2)).status).toBe(200);
    // … listings' event drops it (a wait bounds the pub/sub hop; the cache itself would last a minute)
    listingsEvent('buyer.rejected');
    const refused = await waitFor(async () => {
      const r = await page(2);
      return r.status !== 200 && r;
    });
    expect(refused.status).toBe(404);
    expect(message(refused)).toBe(DOCUMENT_MSG.documentNotFound);
    expect((await report()).status).toBe(404);
  });

  it('an NDA step completed opens the viewer at once; a step reopened before the CIM\'s closes it again', async () => {
    journey(ctx, 'buyer', journeyAt(1)); // before the NDA
    await ctx.app.get(ListingsClient).forgetAll();
    const locked = await page(1);
    expect(locked.status).toBe(409);
    expect(message(locked)).toBe(LOCKED_MESSAGE);

    journey(ctx, 'buyer', journeyAt(10));
    listingsEvent('nda.signed');
    expect((await waitFor(async () => {
      const r = await page(1);
      return r.status === 200 && r;
    })).status).toBe(200);

    journey(ctx, 'buyer', journeyAt(3)); // staff reopened step 3: the CIM is a step-4 file
    listingsEvent('step.reopened', { stepId: 3 });
    const again = await waitFor(async () => {
      const r = await page(2);
      return r.status !== 200 && r;
    });
    expect(again.status).toBe(409);
    expect(message(again)).toBe(LOCKED_MESSAGE);
  });

  it('while not subscribed to the listing events, nothing is reused (every request asks listings)', async () => {
    const client = ctx.app.get(ListingsClient);
    client.cache.live = false;
    try {
      expect((await page(1)).status).toBe(200);
      const before = partyCalls();
      expect((await page(2)).status).toBe(200);
      expect(partyCalls()).toBe(before + 1);
    } finally {
      client.cache.live = true;
    }
  });
});
