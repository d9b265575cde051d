import { randomUUID } from 'node:crypto';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { BullModule, Processor } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, type ListingDeletedEvent } from '@brokerage/contracts';
import { SERVICE_CONFIG } from '../src/config/service-config.js';
import { BullRootModule } from '../src/events/bull-root.js';
import { ListingDeletedWorker } from '../src/events/listing-deleted-worker.js';
import { waitFor } from '../src/testing/test-app.js';

const queueName = `test.listing-events-${randomUUID().slice(0, 8)}`;

/** A consumer as the services write one (an @nestjs/bullmq processor): it records the listings it was told about. */
@Processor(queueName)
class RecordingWorker extends ListingDeletedWorker {
  readonly seen: string[] = [];
  protected async listingDeleted(event: ListingDeletedEvent): Promise<unknown> {
    this.seen.push(event.listingId);
    return { deleted: this.seen.length };
  }
}

@Global()
@Module({ providers: [{ provide: SERVICE_CONFIG, useValue: { REDIS_URL: process.env.REDIS_URL } }], exports: [SERVICE_CONFIG] })
class ConfigModule {}

@Module({ imports: [ConfigModule, BullRootModule, BullModule.registerQueue({ name: queueName })], providers: [RecordingWorker] })
class ConsumerModule {}

/** On the real Redis the harness started: jobs go through BullMQ as listings' outbox relay adds them. */
describe('ListingDeletedWorker', () => {
  let redis: Redis;
  let queue: Queue;
  let app: INestApplicationContext;
  let worker: RecordingWorker;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    // the `brokerage` prefix as listings' relay publishes (and KEDA reads `brokerage:<queue>:wait`)
    queue = new Queue(queueName, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
    const moduleRef = await Test.createTestingModule({ imports: [ConsumerModule] }).compile();
    app = await moduleRef.init();
    worker = app.get(RecordingWorker);
  });
  afterAll(async () => {
    await app.close();
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

  it('a throw fails the attempt and BullMQ runs the job again with its attempts and back-off', async () => {
    const e: ListingDeletedEvent = { eventId: randomUUID(), listingId: randomUUID(), occurredAt: new Date().toISOString() };
    let calls = 0;
    const original = worker['listingDeleted'].bind(worker);
    worker['listingDeleted'] = async (event: ListingDeletedEvent) => {
      calls += 1;
      if (calls === 1) throw new Error('storage down');
      return original(event);
    };
    await queue.add(LISTING_DELETED, e, { jobId: e.eventId, attempts: 3, backoff: { type: 'fixed', delay: 10 } });
    const job = await completed(e.eventId);
    expect(job.attemptsMade).toBe(2);
    expect(job.failedReason ?? '').toBe('storage down');
    expect(worker.seen).toContain(e.listingId);
  });

  it('closes its worker when the application closes', async () => {
    expect(worker.worker.isRunning()).toBe(true);
    await app.close();
    expect(worker.worker.closing).toBeTruthy();
    expect(worker.worker.isRunning()).toBe(false);
  });
});
