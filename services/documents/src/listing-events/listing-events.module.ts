import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { LISTING_EVENT_QUEUES } from '@brokerage/contracts';
import { BullRootModule } from '@brokerage/nest-common';
import { StorageModule } from '../storage/storage.module.js';
import { ListingEventsRepository } from './listing-events.repository.js';
import { ListingEventsWorker } from './listing-events.worker.js';

@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: LISTING_EVENT_QUEUES.documents }), StorageModule],
  providers: [ListingEventsRepository, ListingEventsWorker],
})
export class ListingEventsModule {}
