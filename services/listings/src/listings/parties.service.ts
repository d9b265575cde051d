import { Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTING_MSG,
  LISTING_TEXT,
  type BuyerDecisionResponse,
  type BuyerPartyStatus,
  type InterestedBuyer,
  type InterestedBuyersResponse,
  type ListingBuyersResponse,
} from '@brokerage/contracts';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import type { PartyRow } from './listing-row.js';
import { ListingsRepository } from './listings.repository.js';

/** A seller's view of the buyers of their listings, and their approve / reject decision. */
@Injectable()
export class PartiesService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly identity: IdentityUsersClient,
    private readonly live: ListingEventsPublisher,
  ) {}

  async interestedBuyers(sellerId: string, listingId: string): Promise<InterestedBuyersResponse> {
    await this.ownListing(sellerId, listingId);
    return { buyers: await this.describe(await this.listings.parties([listingId], true)) };
  }

  async listingBuyers(sellerId: string): Promise<ListingBuyersResponse> {
    const rows = await this.listings.listInScope({ kind: 'seller', userId: sellerId });
    const parties = await this.listings.parties(rows.map((r) => r.id), true);
    const titles = new Map(rows.map((r) => [r.id, r.title]));
    const described = await this.describe(parties);
    return {
      buyers: described.map((b, i) => ({ ...b, listing: { id: parties[i]!.listingId, title: titles.get(parties[i]!.listingId) ?? '' } })),
    };
  }

  async decide(sellerId: string, listingId: string, buyerId: string, status: Extract<BuyerPartyStatus, 'approved' | 'rejected'>): Promise<BuyerDecisionResponse> {
    await this.ownListing(sellerId, listingId);
    const party = await this.listings.party(listingId, buyerId);
    if (!party) throw new NotFoundException(LISTING_MSG.notInterestedBuyer);
    await this.listings.setPartyStatus(listingId, buyerId, status);
    // the buyer learns it even before the NDA (and once rejected, no longer a party)
    this.live.emit(null, { type: status === 'approved' ? 'buyer.approved' : 'buyer.rejected', listingId, userId: buyerId }, { clients: 'seller', own: buyerId, also: status === 'rejected' ? [buyerId] : [] });
    const [buyer] = await this.describe([{ ...party, status }]);
    return { message: status === 'approved' ? LISTING_TEXT.buyerApproved : LISTING_TEXT.buyerRejected, buyer: buyer! };
  }

  private async ownListing(sellerId: string, listingId: string): Promise<void> {
    if (!(await this.listings.findInScope(listingId, { kind: 'seller', userId: sellerId }))) {
      throw new NotFoundException(LISTING_MSG.listingNotFound);
    }
  }

  private async describe(parties: PartyRow[]): Promise<InterestedBuyer[]> {
    const people = await this.identity.names(parties.map((p) => p.buyerId));
    return parties.map((p) => ({
      id: p.buyerId,
      name: people.get(p.buyerId)?.name ?? '',
      email: people.get(p.buyerId)?.email ?? '',
      status: p.status,
      since: p.createdAt.toISOString(),
    }));
  }
}
