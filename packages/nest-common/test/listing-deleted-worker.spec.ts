import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, type ListingDeletedEvent } from '@brokerage/contracts';
import { ListingDeletedWorker } from '../src/events/listing-deleted-worker.js';
import { waitFor } from '../src/testing/test-app.js';

/** A consumer as the services write one: it records the listings it was told about. */
class RecordingWorker extends ListingDeletedWorker {
  readonly seen: string[] = [];
  constructor(queue: string) {
    super(process.env.REDIS_URL!, queue);
  }
  protected async listingDeleted(event: ListingDeletedEvent): Promise<unknown> {
    this.seen.push(event.listingId);
    return { deleted: this.seen.length };
  }
}

/** On the real Redis the harness started: jobs go through BullMQ as listings' outbox relay adds them. */
describe('ListingDeletedWorker', () => {
  const queueName = `test.listing-events-${randomUUID().slice(0, 8)}`;
  let redis: Redis;
  let queue: Queue;
  let worker: RecordingWorker;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    queue = new Queue(queueName, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
    worker = new RecordingWorker(queueName);
    worker.onApplicationBootstrap();
  });
  afterAll(async () => {
    await worker.onApplicationShutdown();
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
  });

  /** The job once finished (one read of its hash: finishedOn and returnvalue are written together). */
  const completed = (id: string) =>
    waitFor(async () => {
      const job = await queue.getJob(id);
      return job?.finishedOn ? job : null;
    });

  it('hands a valid listing.deleted to the service and answers what the service answers', async () => {
    const e: ListingDeletedEvent = { eventId: randomUUID(), listingId: randomUUID(), occurredAt: new Date().toISOString() };
    await queue.add(LISTING_DELETED, e, { jobId: e.eventId });
    expect((await completed(e.eventId)).returnvalue).toEqual({ deleted: 1 });
    expect(worker.seen).toEqual([e.listingId]);
  });

  it('ignores another event name and drops an invalid payload, without calling the service', async () => {
    await queue.add('listing.renamed', { listingId: randomUUID() }, { jobId: 'other-name' });
    await queue.add(LISTING_DELETED, { listingId: 'not-a-uuid' }, { jobId: 'invalid' });
    expect((await completed('other-name')).returnvalue).toEqual({ ignored: 'listing.renamed' });
    expect((await completed('invalid')).returnvalue).toEqual({ invalid: true });
    expect(worker.seen).toHaveLength(1);
  });
});
