import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { EVENT_QUEUES } from '@brokerage/contracts';
import { BullRootModule } from '@brokerage/nest-common';
import { ListingsModule } from '../listings/listings.module.js';
import { UserEventsRepository } from './user-events.repository.js';
import { UserEventsService } from './user-events.service.js';
import { UserEventsWorker } from './user-events.worker.js';

@Module({
  imports: [ListingsModule, BullRootModule, BullModule.registerQueue({ name: EVENT_QUEUES.listingsUserEvents })],
  providers: [UserEventsRepository, UserEventsService, UserEventsWorker],
  exports: [UserEventsService],
})
export class UserEventsModule {}
