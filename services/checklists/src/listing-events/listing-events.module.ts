import { Module } from '@nestjs/common';
import { ListingEventsRepository } from './listing-events.repository.js';
import { ListingEventsWorker } from './listing-events.worker.js';

@Module({ providers: [ListingEventsRepository, ListingEventsWorker] })
export class ListingEventsModule {}
