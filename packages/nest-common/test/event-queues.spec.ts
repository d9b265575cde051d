import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Global, Injectable, Module, type BeforeApplicationShutdown, type INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX } from '@brokerage/contracts';
import { SERVICE_CONFIG } from '../src/config/service-config.js';
import { EventQueues, EventQueuesModule } from '../src/outbox/event-queues.js';
import { OutboxPump, type PumpBatch } from '../src/outbox/outbox-pump.js';

const tag = randomUUID().slice(0, 8);
const A = `test.events-a-${tag}`;
const B = `test.events-b-${tag}`;

@Global()
@Module({ providers: [{ provide: SERVICE_CONFIG, useValue: { REDIS_URL: process.env.REDIS_URL } }], exports: [SERVICE_CONFIG] })
class ConfigModule {}

/** The producer as identity's and listings' outbox relays use it, on the real Redis the harness started. */
describe('EventQueues (@nestjs/bullmq producer)', () => {
  let app: INestApplicationContext;
  let redis: Redis;
  const readers: Queue[] = [];
  const reader = (name: string) => {
    const q = new Queue(name, { connection: redis, prefix: EVENT_QUEUE_PREFIX }); // as the consumers and KEDA read it
    readers.push(q);
    return q;
  };
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule, EventQueuesModule.forConsumers({ 'thing.done': [A, B], 'thing.other': [B], 'thing.none': [] })],
    }).compile();
    app = await moduleRef.init();
  });
  afterAll(async () => {
    await app.close();
    for (const q of readers) {
      await q.obliterate({ force: true });
      await q.close();
    }
    await redis.quit();
  });

  it('adds one job per consumer queue under the `brokerage` prefix, with the event id as job id and the retry options', async () => {
    const events = app.get(EventQueues);
    const eventId = randomUUID();
    await events.publish('thing.done', eventId, { eventId, n: 1 });
    await events.publish('thing.none', randomUUID(), { n: 2 });
    for (const name of [A, B]) {
      const jobs = await reader(name).getJobs(['wait']);
      expect(jobs.map((j) => [j.id, j.name, j.data])).toEqual([[eventId, 'thing.done', { eventId, n: 1 }]]);
      expect(jobs[0]!.opts).toMatchObject({ attempts: 10, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 604_800 }, removeOnFail: false });
    }
  });

  it('publishing the same event again adds nothing; another type reaches only its own consumers', async () => {
    const events = app.get(EventQueues);
    const eventId = randomUUID();
    await events.publish('thing.other', eventId, { n: 3 });
    await events.publish('thing.other', eventId, { n: 3 });
    expect((await reader(B).getJobs(['wait'])).filter((j) => j.id === eventId)).toHaveLength(1);
    expect((await reader(A).getJobs(['wait'])).filter((j) => j.id === eventId)).toHaveLength(0);
  });

  it('the queues are the ones BullModule registered (closed by it at shutdown)', () => {
    expect(app.get<Queue>(getQueueToken(A)).opts.prefix).toBe(EVENT_QUEUE_PREFIX);
    expect(app.get<Queue>(getQueueToken(B)).name).toBe(B);
  });
});

/** A relay in a global module (as listings' OutboxModule is; global modules shut down last). */
describe('EventQueues at application shutdown', () => {
  const Q = `test.events-close-${tag}`;
  const order: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => { open = r; });

  /** Its batch at start waits until the application is closing, then publishes. */
  @Injectable()
  class GatedRelay extends OutboxPump {
    constructor(private readonly events: EventQueues) {
      super('GatedRelay', 3_600_000, 50);
    }
    protected async relayOnce(): Promise<PumpBatch> {
      await gate;
      await this.events.publish('thing.done', 'close-1', { n: 1 });
      order.push('published');
      return { claimed: 1, sent: 1 };
    }
  }

  @Injectable()
  class Opener implements BeforeApplicationShutdown {
    beforeApplicationShutdown(): void { open(); }
  }

  @Global()
  @Module({ imports: [EventQueuesModule.forConsumers({ 'thing.done': [Q] })], providers: [GatedRelay], exports: [GatedRelay] })
  class RelayModule {}

  @Module({ providers: [Opener] })
  class OpenerModule {}

  it('the batch in flight at close is published before BullModule closes the queues', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule, OpenerModule, RelayModule] }).compile();
    const app = await moduleRef.init();
    const queue = app.get<Queue>(getQueueToken(Q));
    const close = queue.close.bind(queue);
    jest.spyOn(queue, 'close').mockImplementation(() => { order.push('queue closed'); return close(); });
    await app.close();
    expect(order).toEqual(['published', 'queue closed']);
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const reader = new Queue(Q, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
    try {
      expect((await reader.getJob('close-1'))?.name).toBe('thing.done');
    } finally {
      await reader.obliterate({ force: true });
      await reader.close();
      await redis.quit();
    }
  });
});
