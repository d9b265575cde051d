import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, LISTING_EVENT_QUEUES, listingDeletedEventSchema } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { ListingEventsRepository } from './listing-events.repository.js';

/** listing.deleted (listings' outbox → queue checklists.listing-events): the listing's checklist goes with it. */
@Injectable()
export class ListingEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ListingEventsWorker.name);
  private worker: Worker | null = null;
  private connection: Redis | null = null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly repo: ListingEventsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker(LISTING_EVENT_QUEUES.checklists, (job) => this.handle(job), {
      connection: this.connection,
      prefix: EVENT_QUEUE_PREFIX,
    });
    this.worker.on('error', (err) => this.logger.warn(`listing events worker: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  async handle(job: Job): Promise<unknown> {
    if (job.name !== LISTING_DELETED) return { ignored: job.name };
    const parsed = listingDeletedEventSchema.safeParse(job.data);
    if (!parsed.success) return { invalid: true };
    return { deleted: await this.repo.deleteChecklist(parsed.data.listingId) };
  }
}
