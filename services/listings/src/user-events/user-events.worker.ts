import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUE_PREFIX, EVENT_QUEUES, USER_DELETED, userDeletedEventSchema } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { UserEventsService } from './user-events.service.js';

/** The listings process consumes its queue of identity's user events (contracts events.ts). */
@Injectable()
export class UserEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UserEventsWorker.name);
  private worker: Worker | null = null;
  private connection: Redis | null = null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly events: UserEventsService,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker(EVENT_QUEUES.listingsUserEvents, (job) => this.handle(job), {
      connection: this.connection,
      prefix: EVENT_QUEUE_PREFIX,
      concurrency: 4,
    });
    this.worker.on('failed', (job, err) => this.logger.warn(`${job?.name} ${job?.id} failed: ${err.message}`));
    this.worker.on('error', (err) => this.logger.warn(`user events worker: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  async handle(job: Job): Promise<unknown> {
    if (job.name !== USER_DELETED) return { ignored: job.name };
    const parsed = userDeletedEventSchema.safeParse(job.data);
    if (!parsed.success) {
      this.logger.warn(`user.deleted ${job.id}: invalid payload dropped`);
      return { invalid: true };
    }
    return this.events.userDeleted(parsed.data);
  }
}
