import type { Job } from 'bullmq';
import { LISTING_DELETED, listingDeletedEventSchema, type ListingDeletedEvent } from '@brokerage/contracts';
import { EventProcessor } from './bull-root.js';

/**
 * Consumer of a service's queue of listings' listing.deleted events (listings' outbox → LISTING_EVENT_QUEUES[service]),
 * an @nestjs/bullmq processor: each service extends it with `@Processor(LISTING_EVENT_QUEUES.<service>)` and what goes,
 * its module imports BullRootModule (connection, `brokerage` prefix) and `BullModule.registerQueue` of that queue (which
 * starts the processors; their workers are closed at application shutdown). A job of another name answers
 * `{ ignored: name }`, an invalid payload `{ invalid: true }`; a valid one goes to
 * `listingDeleted`, whose answer is the job's return value (a throw fails the job, which BullMQ retries with the
 * attempts and back-off the publisher gave it).
 */
export abstract class ListingDeletedWorker extends EventProcessor {
  /** What the service removes of the deleted listing; must be idempotent (a job may run again). */
  protected abstract listingDeleted(event: ListingDeletedEvent): Promise<unknown>;

  process(job: Job): Promise<unknown> {
    return this.handle(job);
  }

  async handle(job: Pick<Job, 'name' | 'data'>): Promise<unknown> {
    if (job.name !== LISTING_DELETED) return { ignored: job.name };
    const parsed = listingDeletedEventSchema.safeParse(job.data);
    if (!parsed.success) return { invalid: true };
    return this.listingDeleted(parsed.data);
  }
}
