import { Injectable, Module } from '@nestjs/common';
import { BullModule, InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { BullRootModule } from '@brokerage/nest-common';
import { OFFICE_PDF, OFFICE_PDF_QUEUE, officePdfJobId, type OfficePdfJob } from './office-pdf-job.js';
import { keptJobOptions } from './pdf-job.js';

/** Producer of the 'office-pdf' queue (the documents outbox relay's `office-pdf` deliver()). */
@Injectable()
export class OfficePdfQueue {
  constructor(@InjectQueue(OFFICE_PDF_QUEUE) private readonly queue: Queue<OfficePdfJob>) {}

  /**
   * Adds the conversion of one stored file; its job id is the file's, so a job already waiting, running or kept (done
   * an hour, failed a day) makes this a no-op: one conversion per stored file however often it is requested.
   */
  async enqueue(job: OfficePdfJob): Promise<void> {
    await this.queue.add(OFFICE_PDF, job, keptJobOptions(officePdfJobId(job.storageKey), 3, 5000));
  }

  /** The stored file's conversion is in the queue (waiting, running, or kept done or failed). */
  async has(storageKey: string): Promise<boolean> {
    return (await this.queue.getJob(officePdfJobId(storageKey))) !== undefined;
  }
}

/** BullMQ (nest-common's root) with the 'office-pdf' queue: the API side adds, the pdf worker consumes. */
@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: OFFICE_PDF_QUEUE })],
  providers: [OfficePdfQueue],
  exports: [BullModule, OfficePdfQueue],
})
export class OfficePdfQueueModule {}
