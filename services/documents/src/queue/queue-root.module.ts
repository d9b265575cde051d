import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { bullConnectionFromUrl, PDF_QUEUE } from './bull-connection.js';

/** BullMQ on REDIS_URL with the 'pdf' queue registered (used by the API to enqueue and by the worker to consume). */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: ServiceConfig) => ({ connection: bullConnectionFromUrl(config.REDIS_URL), prefix: 'brokerage' }),
    }),
    BullModule.registerQueue({ name: PDF_QUEUE }),
  ],
  exports: [BullModule],
})
export class QueueRootModule {}
