import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, LISTING_DELETED, LISTING_EVENT_QUEUES, listingDeletedEventSchema } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { ListingEventsRepository } from './listing-events.repository.js';

/**
 * listing.deleted (listings' outbox → queue documents.listing-events): the listing's documents, their files and their
 * download records go with it. Rows first, then the objects; a retry after a crash finds the rows gone and the objects
 * of that first run left behind, so objects are removed by the listing's key prefix too.
 */
@Injectable()
export class ListingEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ListingEventsWorker.name);
  private worker: Worker | null = null;
  private connection: Redis | null = null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly repo: ListingEventsRepository,
    private readonly storage: S3StorageService,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker(LISTING_EVENT_QUEUES.documents, (job) => this.handle(job), { connection: this.connection, prefix: EVENT_QUEUE_PREFIX });
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
    const keys = await this.repo.deleteListing(parsed.data.listingId);
    const leftovers = await this.storage.list(`listings/${parsed.data.listingId}/`);
    for (const key of new Set([...keys, ...leftovers])) await this.storage.remove(key);
    return { deleted: keys.length };
  }
}
