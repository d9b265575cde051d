import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { BullRootModule } from '../events/bull-root.js';

const WEEK_S = 7 * 24 * 3600;

/** Event type → the consumer queues that receive it (contracts: EVENT_CONSUMERS, LISTING_DELETED_CONSUMERS). */
export type EventConsumers = Readonly<Record<string, readonly string[]>>;

/**
 * Publishes a service's events to each consumer's BullMQ queue: one job per consumer queue, jobId = eventId, so
 * publishing the same event again adds nothing. The queues are @nestjs/bullmq's (`EventQueuesModule.forConsumers`:
 * BullRootModule's connection and `brokerage` prefix; BullModule closes them at application shutdown, after the
 * relay's last batch: OutboxPump stops in beforeApplicationShutdown).
 */
export class EventQueues {
  private readonly queues: ReadonlyMap<string, Queue>;

  constructor(private readonly consumers: EventConsumers, queues: readonly Queue[]) {
    this.queues = new Map(queues.map((q) => [q.name, q]));
  }

  async publish(type: string, eventId: string, payload: object): Promise<void> {
    for (const name of this.consumers[type] ?? []) {
      await this.queues.get(name)!.add(type, payload, {
        jobId: eventId,
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        // kept a week after completion so a late re-publish of the same event is still deduplicated
        removeOnComplete: { age: WEEK_S },
        removeOnFail: false,
      });
    }
  }
}

/** The producer side: `BullModule.registerQueue` of every consumer queue, and EventQueues over them. */
@Module({})
export class EventQueuesModule {
  static forConsumers(consumers: EventConsumers): DynamicModule {
    const names = [...new Set(Object.values(consumers).flat())];
    return {
      module: EventQueuesModule,
      imports: [BullRootModule, BullModule.registerQueue(...names.map((name) => ({ name })))],
      providers: [{ provide: EventQueues, inject: names.map((n) => getQueueToken(n)), useFactory: (...qs: Queue[]) => new EventQueues(consumers, qs) }],
      exports: [EventQueues],
    };
  }
}
