import { Injectable, NotFoundException } from '@nestjs/common';
import {
  CHECKLIST_MSG,
  listingPartiesAnswerSchema,
  selectedListingAnswerSchema,
  type IdentityClaims,
  type ListingPartiesResponse,
} from '@brokerage/contracts';
import { InternalHttpClient, InternalHttpError, loadConfig } from '@brokerage/nest-common';

/** What checklists asks listings, on every request (a buyer rejected a second ago is no longer a party). */
@Injectable()
export class ListingsClient {
  private client: InternalHttpClient | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'checklists', baseUrl: loadConfig().LISTINGS_URL, connectTimeoutMs: 2000, timeoutMs: 5000 });
    return this.client;
  }

  /** The listing's parties; 404 "Listing not found" when listings does not know it. */
  async parties(listingId: string): Promise<ListingPartiesResponse> {
    try {
      return listingPartiesAnswerSchema.parse(await this.http.get(`internal/listings/${encodeURIComponent(listingId)}/parties`));
    } catch (err) {
      if (err instanceof InternalHttpError && err.upstreamStatus === 404) throw new NotFoundException(CHECKLIST_MSG.listingNotFound);
      throw err;
    }
  }

  /** The user's selected listing (null when none or no longer theirs). */
  async selectedListing(user: IdentityClaims): Promise<string | null> {
    const q = new URLSearchParams({ userId: user.sub, role: user.role });
    return selectedListingAnswerSchema.parse(await this.http.get(`internal/journeys/selected-listing?${q}`)).listingId;
  }
}
