import { Injectable, Logger } from '@nestjs/common';
import { LISTINGS_RELATIONS_PATH, userRelationsResponseSchema } from '@brokerage/contracts';
import { InternalHttpClient, loadConfig } from '@brokerage/nest-common';

/** The listings service's view of who a user deals with through listings (GET /internal/relations/{userId}). */
@Injectable()
export class ListingRelationsClient {
  private readonly logger = new Logger(ListingRelationsClient.name);

  /**
   * Ids of the other parties of the user's listings. When listings cannot answer, an empty list: /users then shows
   * only the relations identity knows itself (brokers, staff, a seller's manager) instead of failing the probe.
   */
  async relatedUserIds(userId: string): Promise<string[]> {
    try {
      const client = new InternalHttpClient({ from: 'identity', baseUrl: loadConfig().LISTINGS_URL, connectTimeoutMs: 1000, timeoutMs: 3000 });
      const body = await client.get<unknown>(LISTINGS_RELATIONS_PATH(userId));
      return userRelationsResponseSchema.parse(body).userIds;
    } catch (err) {
      this.logger.warn(`listing relations of ${userId} unavailable: ${(err as Error).message}`);
      return [];
    }
  }
}
