import { Module } from '@nestjs/common';
import { ListingsClient } from '../listings-access/listings.client.js';
import { BrokersClient } from './brokers.client.js';
import { ChecklistLiveRelay } from './checklist-live-relay.js';
import { ListingEventsRepository } from './listing-events.repository.js';
import { ListingEventsWorker } from './listing-events.worker.js';

/** Listing events: listing.deleted (BullMQ) removes the checklist; checklist.changed is relayed to the parties' live streams. */
@Module({ providers: [ListingEventsRepository, ListingEventsWorker, ListingsClient, BrokersClient, ChecklistLiveRelay] })
export class ListingEventsModule {}
