import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { EventProcessor } from '@brokerage/nest-common';
import { NOTICE_JOB, NOTICE_QUEUE } from './notifications.constants.js';
import { NotificationsService } from './notifications.service.js';

const sendJob = z.object({ eventId: z.uuid(), userId: z.uuid() });
const digestJob = z.object({ userId: z.uuid(), localDate: z.iso.date() });

/** identity's notices queue: right-away sends, digests and the digest tick (a throw fails the attempt: retried). */
@Processor(NOTICE_QUEUE, { concurrency: 4 })
export class NoticesProcessor extends EventProcessor {
  constructor(private readonly notifications: NotificationsService) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case NOTICE_JOB.send: {
        const d = sendJob.safeParse(job.data);
        if (!d.success) throw new UnrecoverableError('invalid send job');
        return this.notifications.sendNow(d.data.eventId, d.data.userId);
      }
      case NOTICE_JOB.digest: {
        const d = digestJob.safeParse(job.data);
        if (!d.success) throw new UnrecoverableError('invalid digest job');
        return this.notifications.sendDigest(d.data.userId, d.data.localDate);
      }
      case NOTICE_JOB.tick:
        return this.notifications.digestTick();
      default:
        return { ignored: job.name };
    }
  }
}
