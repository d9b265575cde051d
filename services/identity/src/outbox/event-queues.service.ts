import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_CONSUMERS, EVENT_QUEUE_PREFIX, type EventPayloads, type EventType } from '@brokerage/contracts';
import { loadConfig } from '@brokerage/nest-common';

const WEEK_S = 7 * 24 * 3600;

/** The consumers' BullMQ queues (contracts/events.ts): the publisher fans an event out to each of them. */
@Injectable()
export class EventQueuesService implements OnModuleDestroy {
  private connection: Redis | null = null;
  private readonly queues = new Map<string, Queue>();

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      this.connection ??= new Redis(loadConfig().REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false });
      q = new Queue(name, { connection: this.connection, prefix: EVENT_QUEUE_PREFIX });
      this.queues.set(name, q);
    }
    return q;
  }

  /** One job per consumer queue; jobId = eventId, so publishing the same event again adds nothing. */
  async publish<T extends EventType>(type: T, eventId: string, payload: EventPayloads[T]): Promise<void> {
    for (const name of EVENT_CONSUMERS[type] ?? []) {
      await this.queue(name).add(type, payload, {
        jobId: eventId,
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        // kept a week after completion so a late re-publish of the same event is still deduplicated
        removeOnComplete: { age: WEEK_S },
        removeOnFail: false,
      });
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => undefined);
    this.connection = null;
  }
}
