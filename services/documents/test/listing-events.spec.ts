import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, LISTING_DELETED_CONSUMERS, LISTING_EVENT_QUEUES, type ListingDeletedEvent } from '@brokerage/contracts';
import { waitFor } from '@brokerage/nest-common/testing';
import { LISTING, OTHER_LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** listings publishes listing.deleted to documents.listing-events (its outbox relay); the listing's documents go. */
describe('listing.deleted consumer (queue documents.listing-events)', () => {
  let ctx: DocsCtx;
  let redis: Redis;
  let queue: Queue;
  beforeAll(async () => {
    ctx = await startDocs();
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    queue = new Queue(LISTING_EVENT_QUEUES.documents, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue.close();
    await ctx.close();
    await redis.quit();
  });
  beforeEach(() => reset(ctx));

  it('listings fans listing.deleted out to documents too', () => {
    expect(LISTING_DELETED_CONSUMERS).toContain('documents.listing-events');
  });

  it("removes that listing's documents, files and download records only; a second event changes nothing", async () => {
    const gone = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'closing.pdf' });
    const kept = await uploadAs(ctx, 'otherSeller', OTHER_LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'kept.pdf' });
    await ctx.http.get(`/seller/download-document/${gone.id}`).set(as('seller'));
    await ctx.http.get(`/seller/download-document/${kept.id}`).set(as('otherSeller'));
    const event: ListingDeletedEvent = { eventId: randomUUID(), listingId: LISTING, occurredAt: new Date().toISOString() };
    await queue.add(LISTING_DELETED, event, { jobId: event.eventId });
    await waitFor(async () => (await rowCount(ctx)) === 1);
    await waitFor(async () => (await objects(ctx)).every((k) => k.startsWith(`listings/${OTHER_LISTING}/`)));
    expect(await objects(ctx)).toHaveLength(1);
    const audits = await ctx.ds.query('SELECT listing_id FROM documents.downloads');
    expect(audits).toEqual([{ listing_id: OTHER_LISTING }]);
    const again = { ...event, eventId: randomUUID() };
    await queue.add(LISTING_DELETED, again, { jobId: again.eventId });
    await waitFor(async () => (await queue.getJob(again.eventId))?.isCompleted());
    expect(await rowCount(ctx)).toBe(1);
  });
});
