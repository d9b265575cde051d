import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, LISTING_EVENT_QUEUES, type ListingDeletedEvent } from '@brokerage/contracts';
import { createTestApp, waitFor, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';

/** listings publishes listing.deleted on this queue (outbox relay); the checklist of that listing goes. */
describe('listing.deleted consumer (queue checklists.listing-events)', () => {
  let ctx: TestApp;
  let redis: Redis;
  let queue: Queue;
  beforeAll(async () => {
    ctx = await createTestApp(AppModule, 'checklists');
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    queue = new Queue(LISTING_EVENT_QUEUES.checklists, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue.close();
    await ctx.app.close();
    await redis.quit();
  });

  const rows = async (listingId: string) =>
    ((await ctx.ds.query(`SELECT count(*)::int AS n FROM checklists.pre_close_checklists WHERE listing_id = $1`, [listingId])) as { n: number }[])[0]!.n;

  const items = async (listingId: string) =>
    ((await ctx.ds.query(`SELECT count(*)::int AS n FROM checklists.checklist_items WHERE listing_id = $1`, [listingId])) as { n: number }[])[0]!.n;

  it('deletes that listing\'s checklist and its items only; a second event for it changes nothing', async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    for (const id of [gone, kept]) {
      await ctx.ds.query(`INSERT INTO checklists.pre_close_checklists (listing_id) VALUES ($1)`, [id]);
      await ctx.ds.query(
        `INSERT INTO checklists.checklist_items (listing_id, category_id, category_title, item_id, position, task, responsible, required)
         VALUES ($1, 'A', 'Letter Of Intent', 'A1', 1, 'Buyer makes an offer', 'buyer', true)`,
        [id],
      );
    }
    const publish = async () => {
      const e: ListingDeletedEvent = { eventId: randomUUID(), listingId: gone, occurredAt: new Date().toISOString() };
      await queue.add(LISTING_DELETED, e, { jobId: e.eventId });
      return e.eventId;
    };
    const first = await publish();
    await waitFor(async () => (await rows(gone)) === 0);
    expect(await rows(kept)).toBe(1);
    expect(await items(gone)).toBe(0);
    expect(await items(kept)).toBe(1);
    const second = await publish();
    const job = await waitFor(async () => {
      const j = await queue.getJob(second);
      return (await j?.isCompleted()) ? j : null;
    });
    expect(job.returnvalue).toEqual({ deleted: 0 });
    expect((await queue.getJob(first))?.returnvalue).toEqual({ deleted: 1 });
    expect(await rows(kept)).toBe(1);
  });
});
