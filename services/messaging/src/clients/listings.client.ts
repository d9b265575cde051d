import { Injectable } from '@nestjs/common';
import {
  listingPartiesAnswerSchema,
  selectedListingAnswerSchema,
  type JourneyEvent,
  type Role,
} from '@brokerage/contracts';
import { InternalHttpClient, loadConfig } from '@brokerage/nest-common';

/** Listings' internal API: a client's selected listing, a listing's parties, the journey event command. */
@Injectable()
export class ListingsClient {
  private client: InternalHttpClient | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'messaging', baseUrl: loadConfig().LISTINGS_URL, connectTimeoutMs: 1000, timeoutMs: 5000 });
    return this.client;
  }

  async selectedListing(userId: string, role: Role): Promise<string | null> {
    const q = new URLSearchParams({ userId, role });
    return selectedListingAnswerSchema.parse(await this.http.get<unknown>(`/internal/journeys/selected-listing?${q}`)).listingId;
  }

  async agentOf(listingId: string): Promise<string | null> {
    return listingPartiesAnswerSchema.parse(await this.http.get<unknown>(`/internal/listings/${encodeURIComponent(listingId)}/parties`)).agentId;
  }

  async journeyEvent(event: JourneyEvent): Promise<void> {
    await this.http.post('/internal/journeys/events', event);
  }
}
