import { Inject, Injectable } from '@nestjs/common';
import { LISTING_EVENT_QUEUES, type ListingDeletedEvent } from '@brokerage/contracts';
import { ListingDeletedWorker, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { ListingEventsRepository } from './listing-events.repository.js';

/** listing.deleted (listings' outbox → queue checklists.listing-events): the listing's checklist goes with it. */
@Injectable()
export class ListingEventsWorker extends ListingDeletedWorker {
  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    private readonly repo: ListingEventsRepository,
  ) {
    super(config.REDIS_URL, LISTING_EVENT_QUEUES.checklists);
  }

  protected async listingDeleted(event: ListingDeletedEvent): Promise<unknown> {
    return { deleted: await this.repo.deleteChecklist(event.listingId) };
  }
}
