import { Processor } from '@nestjs/bullmq';
import { LISTING_EVENT_QUEUES, type ListingDeletedEvent } from '@brokerage/contracts';
import { ListingDeletedWorker } from '@brokerage/nest-common';
import { ListingEventsRepository } from './listing-events.repository.js';

/** listing.deleted (listings' outbox → queue checklists.listing-events): the listing's checklist goes with it. */
@Processor(LISTING_EVENT_QUEUES.checklists)
export class ListingEventsWorker extends ListingDeletedWorker {
  constructor(private readonly repo: ListingEventsRepository) {
    super();
  }

  protected async listingDeleted(event: ListingDeletedEvent): Promise<unknown> {
    return { deleted: await this.repo.deleteChecklist(event.listingId) };
  }
}
