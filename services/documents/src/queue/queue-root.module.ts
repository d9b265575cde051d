import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BullRootModule } from '@brokerage/nest-common';
import { PDF_QUEUE } from './bull-connection.js';

/** BullMQ (nest-common's root: REDIS_URL, prefix `brokerage`) with the 'pdf' queue registered (API enqueues, worker consumes). */
@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: PDF_QUEUE })],
  exports: [BullModule],
})
export class QueueRootModule {}
