import { Processor } from '@nestjs/bullmq';
import { LISTING_EVENT_QUEUES, type ListingDeletedEvent } from '@brokerage/contracts';
import { ListingDeletedWorker } from '@brokerage/nest-common';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { ListingEventsRepository } from './listing-events.repository.js';

/**
 * listing.deleted (listings' outbox → queue documents.listing-events): the listing's documents, their files and their
 * download records go with it. Rows first, then the objects; a retry after a crash finds the rows gone and the objects
 * of that first run left behind, so objects are removed by the listing's key prefix too.
 */
@Processor(LISTING_EVENT_QUEUES.documents)
export class ListingEventsWorker extends ListingDeletedWorker {
  constructor(
    private readonly repo: ListingEventsRepository,
    private readonly storage: S3StorageService,
  ) {
    super();
  }

  protected async listingDeleted({ listingId }: ListingDeletedEvent): Promise<unknown> {
    const keys = await this.repo.deleteListing(listingId);
    const leftovers = await this.storage.list(`listings/${listingId}/`);
    for (const key of new Set([...keys, ...leftovers])) await this.storage.remove(key);
    return { deleted: keys.length };
  }
}
