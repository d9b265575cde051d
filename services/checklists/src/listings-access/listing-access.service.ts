import { Injectable, NotFoundException } from '@nestjs/common';
import { CHECKLIST_MSG, type IdentityClaims, type ListingNeed } from '@brokerage/contracts';
import { requireListingAccess } from '@brokerage/nest-common';
import { ListingsClient } from './listings.client.js';

/** The pre-close checklist is journey step 8 (seller and buyer): a tick is a write to it. */
export const CHECKLIST_STEP = 8;

/**
 * The journey's rule for a listing's checklist (contracts decideListingAccess), asked from listings on every request:
 * its parties (seller, non-rejected buyers, agent, broker) and the caller's journey. Not a party → 404; a buyer before
 * their NDA → 409 for anything; a client ticking before step 8 → 409; staff are not bound.
 */
@Injectable()
export class ListingAccessService {
  constructor(private readonly listings: ListingsClient) {}

  /** The listing id when the rule lets the user in for `need`; 404 / 409 otherwise (an unknown listing: 404 too). */
  async require(user: IdentityClaims, listingId: string, need: ListingNeed = {}): Promise<string> {
    const id = listingId.toLowerCase();
    requireListingAccess(user, await this.listings.parties(id, user), need, CHECKLIST_MSG.listingNotFound);
    return id;
  }

  /** The seller's or buyer's selected listing (404 "No listing selected" when none), then the rule like any other. */
  async selected(user: IdentityClaims, need: ListingNeed = {}): Promise<string> {
    const id = await this.listings.selectedListing(user);
    if (!id) throw new NotFoundException(CHECKLIST_MSG.noListingSelected);
    return this.require(user, id, need);
  }
}
