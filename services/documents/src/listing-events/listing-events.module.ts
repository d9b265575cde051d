import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { ListingEventsRepository } from './listing-events.repository.js';
import { ListingEventsWorker } from './listing-events.worker.js';

@Module({ imports: [StorageModule], providers: [ListingEventsRepository, ListingEventsWorker] })
export class ListingEventsModule {}
