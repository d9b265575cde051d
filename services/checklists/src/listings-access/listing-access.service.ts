import { Injectable, NotFoundException } from '@nestjs/common';
import { CHECKLIST_MSG, type IdentityClaims } from '@brokerage/contracts';
import { isListingParty } from '@brokerage/nest-common';
import { ListingsClient } from './listings.client.js';

/** Only the listing's parties (its seller, its non-rejected buyers, its agent, the broker) reach its checklist. */
@Injectable()
export class ListingAccessService {
  constructor(private readonly listings: ListingsClient) {}

  /** The listing id when the user is a party; 404 otherwise (same answer as an unknown listing: no existence leak). */
  async partyListing(user: IdentityClaims, listingId: string): Promise<string> {
    const id = listingId.toLowerCase();
    const parties = await this.listings.parties(id);
    if (!isListingParty(user, parties)) throw new NotFoundException(CHECKLIST_MSG.listingNotFound);
    return id;
  }

  /** The seller's or buyer's selected listing, checked like any other; 404 "No listing selected" when none. */
  async selectedListing(user: IdentityClaims): Promise<string> {
    const id = await this.listings.selectedListing(user);
    if (!id) throw new NotFoundException(CHECKLIST_MSG.noListingSelected);
    return this.partyListing(user, id);
  }
}
