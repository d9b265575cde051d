import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, LISTING_DELETED_CONSUMERS } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

const CONSUMERS: Record<string, readonly string[]> = { [LISTING_DELETED]: LISTING_DELETED_CONSUMERS };
const WEEK_S = 7 * 24 * 3600;

/** Publishes listings' events to each consumer's BullMQ queue; jobId = eventId, so a re-publish adds nothing. */
@Injectable()
export class EventQueuesService implements OnModuleDestroy {
  private connection: Redis | null = null;
  private readonly queues = new Map<string, Queue>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      this.connection ??= new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      q = new Queue(name, { connection: this.connection, prefix: EVENT_QUEUE_PREFIX });
      this.queues.set(name, q);
    }
    return q;
  }

  async publish(type: string, eventId: string, payload: Record<string, unknown>): Promise<void> {
    for (const name of CONSUMERS[type] ?? []) {
      await this.queue(name).add(type, payload, {
        jobId: eventId,
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
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
