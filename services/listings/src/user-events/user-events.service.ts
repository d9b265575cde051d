import { Injectable } from '@nestjs/common';
import type { UserDeletedEvent } from '@brokerage/contracts';
import { ListingAdminService } from '../listings/listing-admin.service.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { UserEventsRepository } from './user-events.repository.js';

/**
 * user.deleted (identity → queue listings.user-events): a seller's listings go (each with its listing.deleted event),
 * a buyer leaves every listing, an agent's listings fall back to no agent; the user's journeys and selection go.
 * One transaction; running it again finds nothing left to do.
 */
@Injectable()
export class UserEventsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly admin: ListingAdminService,
    private readonly repo: UserEventsRepository,
    private readonly relay: OutboxRelayService,
  ) {}

  async userDeleted(e: UserDeletedEvent): Promise<{ listingsDeleted: number }> {
    const listingsDeleted = await this.listings.transaction(async (em) => {
      let n = 0;
      if (e.role === 'SELLER') {
        for (const id of await this.listings.idsOfSeller(em, e.userId)) if (await this.admin.deleteIn(em, id)) n++;
      }
      if (e.role === 'BUYER') await this.repo.removeBuyer(em, e.userId);
      if (e.role === 'AGENT') await this.repo.unassignAgent(em, e.userId);
      await this.repo.removeJourneys(em, e.userId);
      return n;
    });
    if (listingsDeleted) this.relay.kick();
    return { listingsDeleted };
  }
}
