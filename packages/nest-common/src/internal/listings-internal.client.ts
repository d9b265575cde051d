import { NotFoundException } from '@nestjs/common';
import {
  listingPartiesAnswerSchema,
  selectedListingAnswerSchema,
  type IdentityClaims,
  type JourneyEvent,
  type ListingPartiesResponse,
} from '@brokerage/contracts';
import { loadConfig } from '../config/service-config.js';
import { InternalHttpClient, InternalHttpError } from './internal-http-client.js';

/**
 * What a service asks listings over its internal API: a listing's parties (asked on every request, so a narrowed
 * access applies at once), a user's selected listing, and the durable journey command. Each service extends it as
 * its injectable `ListingsClient` with its own name and "listing not found" text.
 */
export class ListingsInternalClient {
  private client: InternalHttpClient | null = null;

  constructor(
    private readonly from: string,
    private readonly listingNotFound: string,
  ) {}

  protected get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: this.from, baseUrl: loadConfig().LISTINGS_URL, connectTimeoutMs: 2000, timeoutMs: 5000 });
    return this.client;
  }

  /**
   * The listing's parties; with `forUser`, also that client's journey on it (what requireListingAccess reads).
   * 404 with the service's "listing not found" text when listings does not know it.
   */
  async parties(listingId: string, forUser?: Pick<IdentityClaims, 'sub'>): Promise<ListingPartiesResponse> {
    const q = forUser ? `?${new URLSearchParams({ userId: forUser.sub })}` : '';
    try {
      return listingPartiesAnswerSchema.parse(await this.http.get(`internal/listings/${encodeURIComponent(listingId)}/parties${q}`));
    } catch (err) {
      if (err instanceof InternalHttpError && err.upstreamStatus === 404) throw new NotFoundException(this.listingNotFound);
      throw err;
    }
  }

  /** The listing's title (its public card's), e.g. for an e-mail notice's headline. */
  async title(listingId: string): Promise<string> {
    return (await this.http.get<{ listing: { title: string } }>(`internal/listings/${encodeURIComponent(listingId)}`)).listing.title;
  }

  /** The user's selected listing (null when none or no longer theirs). */
  async selectedListing(user: IdentityClaims): Promise<string | null> {
    const q = new URLSearchParams({ userId: user.sub, role: user.role });
    return selectedListingAnswerSchema.parse(await this.http.get(`internal/journeys/selected-listing?${q}`)).listingId;
  }

  /** The durable journey command (idempotent by eventId). Throws InternalHttpError on failure. */
  async journeyEvent(event: JourneyEvent): Promise<void> {
    await this.http.post('internal/journeys/events', event);
  }
}
