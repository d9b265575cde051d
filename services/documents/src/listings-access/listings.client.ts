import { Injectable, NotFoundException } from '@nestjs/common';
import {
  DOCUMENT_MSG,
  listingPartiesAnswerSchema,
  selectedListingAnswerSchema,
  type IdentityClaims,
  type JourneyEvent,
  type ListingPartiesResponse,
} from '@brokerage/contracts';
import { InternalHttpClient, InternalHttpError, loadConfig } from '@brokerage/nest-common';

/** What documents asks listings: the parties of a listing (asked on every request, so a narrowed access applies at once). */
@Injectable()
export class ListingsClient {
  private client: InternalHttpClient | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'documents', baseUrl: loadConfig().LISTINGS_URL, connectTimeoutMs: 2000, timeoutMs: 5000 });
    return this.client;
  }

  /** The listing's parties; 404 "Listing not found" when listings does not know it. */
  async parties(listingId: string): Promise<ListingPartiesResponse> {
    try {
      return listingPartiesAnswerSchema.parse(await this.http.get(`internal/listings/${encodeURIComponent(listingId)}/parties`));
    } catch (err) {
      if (err instanceof InternalHttpError && err.upstreamStatus === 404) throw new NotFoundException(DOCUMENT_MSG.listingNotFound);
      throw err;
    }
  }

  /** The user's selected listing (null when none). */
  async selectedListing(user: IdentityClaims): Promise<string | null> {
    const q = new URLSearchParams({ userId: user.sub, role: user.role });
    return selectedListingAnswerSchema.parse(await this.http.get(`internal/journeys/selected-listing?${q}`)).listingId;
  }

  /** The durable journey command (idempotent by eventId). Throws InternalHttpError on failure. */
  async journeyEvent(event: JourneyEvent): Promise<void> {
    await this.http.post('internal/journeys/events', event);
  }
}
