import { Injectable, NotFoundException } from '@nestjs/common';
import { LISTING_MSG, OFFER_MSG, type IdentityClaims, type OffersResponse, type RecordOfferResponse } from '@brokerage/contracts';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { JourneysRepository } from '../journeys/journeys.repository.js';
import { actorOf } from '../journeys/journeys.service.js';
import { scopeOf } from '../listings/listing-scope.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { ListingNotices } from '../outbox/listing-notices.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { OffersRepository } from './offers.repository.js';

export interface OfferInput {
  amount: string;
  date: string;
  note?: string | null;
}

/** Offers recorded by the broker (any listing) or an agent (assigned listings) for a buyer party of the listing. */
@Injectable()
export class OffersService {
  constructor(
    private readonly offers: OffersRepository,
    private readonly listings: ListingsRepository,
    private readonly journeys: JourneysRepository,
    private readonly live: ListingEventsPublisher,
    private readonly notices: ListingNotices,
    private readonly relay: OutboxRelayService,
  ) {}

  async list(staff: IdentityClaims, buyerId: string, listingId: string): Promise<OffersResponse> {
    await this.buyerOfListing(staff, buyerId, listingId);
    return { offers: await this.offers.list(listingId, buyerId) };
  }

  async record(staff: IdentityClaims, buyerId: string, listingId: string, input: OfferInput): Promise<RecordOfferResponse> {
    await this.buyerOfListing(staff, buyerId, listingId);
    const note = input.note?.trim() ? input.note.trim() : null;
    const offer = await this.journeys.transaction(async (m) => {
      const added = await this.offers.add({
        listingId,
        buyerId,
        amount: input.amount,
        date: input.date,
        note,
        recordedBy: { id: staff.sub, name: staff.name, role: staff.role },
      }, m);
      await this.notices.offerRecorded(m, added, actorOf(staff)); // the seller's e-mail, with the offer
      return added;
    });
    this.relay.kick();
    // staff and the seller (Buyer Activity); no buyer is told
    this.live.emit(null, { type: 'offer.recorded', listingId, userId: buyerId }, { clients: 'seller' });
    return { message: OFFER_MSG.recorded, offer };
  }

  /** The listing in the caller's scope (else 404 Listing not found), the buyer one of its parties (else 404). */
  private async buyerOfListing(staff: IdentityClaims, buyerId: string, listingId: string): Promise<void> {
    if (!(await this.listings.findInScope(listingId, scopeOf(staff)))) throw new NotFoundException(LISTING_MSG.listingNotFound);
    if (!(await this.journeys.isAnyBuyerParty(buyerId, listingId))) throw new NotFoundException(OFFER_MSG.buyerNotParty);
  }
}
