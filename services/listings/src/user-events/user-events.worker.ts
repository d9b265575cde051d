import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { EVENT_QUEUES, USER_DELETED, userDeletedEventSchema } from '@brokerage/contracts';
import { EventProcessor } from '@brokerage/nest-common';
import { UserEventsService } from './user-events.service.js';

/**
 * The listings process consumes its queue of identity's user events (contracts events.ts), an @nestjs/bullmq processor
 * (BullRootModule: prefix `brokerage`). A failed job is retried with the attempts and back-off identity's relay gave it;
 * `userDeleted` is idempotent (a second run deletes nothing).
 */
@Processor(EVENT_QUEUES.listingsUserEvents, { concurrency: 4 })
export class UserEventsWorker extends EventProcessor {
  constructor(private readonly events: UserEventsService) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    if (job.name !== USER_DELETED) return { ignored: job.name };
    const parsed = userDeletedEventSchema.safeParse(job.data);
    if (!parsed.success) {
      this.logger.warn(`user.deleted ${job.id}: invalid payload dropped`);
      return { invalid: true };
    }
    return this.events.userDeleted(parsed.data);
  }
}
