import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { LISTING_EVENT_QUEUES } from '@brokerage/contracts';
import { BullRootModule } from '@brokerage/nest-common';
import { ListingsClient } from '../listings-access/listings.client.js';
import { BrokersClient } from './brokers.client.js';
import { ChecklistLiveRelay } from './checklist-live-relay.js';
import { ListingEventsRepository } from './listing-events.repository.js';
import { ListingEventsWorker } from './listing-events.worker.js';

/** Listing events: listing.deleted (BullMQ processor) removes the checklist; checklist.changed is relayed to the parties' live streams. */
@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: LISTING_EVENT_QUEUES.checklists })],
  providers: [ListingEventsRepository, ListingEventsWorker, ListingsClient, BrokersClient, ChecklistLiveRelay],
})
export class ListingEventsModule {}
