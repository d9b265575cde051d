import type { OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX } from '@brokerage/contracts';

const WEEK_S = 7 * 24 * 3600;

/**
 * Publishes a service's events to each consumer's BullMQ queue (contracts: EVENT_CONSUMERS, LISTING_DELETED_CONSUMERS):
 * one job per consumer queue, jobId = eventId, so publishing the same event again adds nothing.
 */
export class EventQueues implements OnModuleDestroy {
  private connection: Redis | null = null;
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly redisUrl: string,
    private readonly consumers: Readonly<Record<string, readonly string[]>>,
  ) {}

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      this.connection ??= new Redis(this.redisUrl, { maxRetriesPerRequest: null });
      q = new Queue(name, { connection: this.connection, prefix: EVENT_QUEUE_PREFIX });
      this.queues.set(name, q);
    }
    return q;
  }

  async publish(type: string, eventId: string, payload: object): Promise<void> {
    for (const name of this.consumers[type] ?? []) {
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
