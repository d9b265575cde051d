import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, listingDeletedEventSchema, type ListingDeletedEvent } from '@brokerage/contracts';

/**
 * Consumes a service's queue of listings' listing.deleted events (listings' outbox → LISTING_EVENT_QUEUES[service]):
 * its own Redis connection and BullMQ worker from bootstrap to shutdown. A job of another name answers
 * `{ ignored: name }`, an invalid payload `{ invalid: true }`; a valid one goes to `listingDeleted`, whose answer is
 * the job's return value (a throw fails the job, which BullMQ retries). Each service extends it with what goes.
 */
export abstract class ListingDeletedWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private worker: Worker | null = null;
  private connection: Redis | null = null;

  protected constructor(
    private readonly redisUrl: string,
    private readonly queueName: string,
  ) {}

  /** What the service removes of the deleted listing; must be idempotent (a job may run again). */
  protected abstract listingDeleted(event: ListingDeletedEvent): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.worker = new Worker(this.queueName, (job) => this.handle(job), { connection: this.connection, prefix: EVENT_QUEUE_PREFIX });
    this.worker.on('error', (err) => this.logger.warn(`listing events worker: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  async handle(job: Pick<Job, 'name' | 'data'>): Promise<unknown> {
    if (job.name !== LISTING_DELETED) return { ignored: job.name };
    const parsed = listingDeletedEventSchema.safeParse(job.data);
    if (!parsed.success) return { invalid: true };
    return this.listingDeleted(parsed.data);
  }
}
