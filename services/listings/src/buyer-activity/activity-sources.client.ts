import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  internalDocumentActivitySchema,
  lastSentResponseSchema,
  type InternalDocumentActivity,
  type LastSentResponse,
} from '@brokerage/contracts';
import { InternalHttpClient, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/**
 * The buyers' activity other services hold, over their internal APIs (a service never reads another schema):
 * documents' download audit and uploads, messaging's sent messages. When one is unreachable the table still answers
 * (without that source's activity, views 0) rather than failing the seller's screen.
 */
@Injectable()
export class ActivitySourcesClient {
  private readonly logger = new Logger(ActivitySourcesClient.name);
  private readonly documents: InternalHttpClient;
  private readonly messaging: InternalHttpClient;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.documents = new InternalHttpClient({ from: 'listings', baseUrl: config.DOCUMENTS_URL });
    this.messaging = new InternalHttpClient({ from: 'listings', baseUrl: config.MESSAGING_URL });
  }

  async documentActivity(listingId: string): Promise<InternalDocumentActivity['users']> {
    try {
      const answer = await this.documents.get<unknown>(`/internal/listings/${listingId}/buyer-activity`);
      return internalDocumentActivitySchema.parse(answer).users;
    } catch (err) {
      this.logger.warn(`documents activity unavailable: ${(err as Error).message}`);
      return [];
    }
  }

  async lastSent(userIds: string[]): Promise<LastSentResponse['users']> {
    if (userIds.length === 0) return [];
    try {
      const answer = await this.messaging.post<unknown>('/internal/messages/last-sent', { userIds });
      return lastSentResponseSchema.parse(answer).users;
    } catch (err) {
      this.logger.warn(`messaging activity unavailable: ${(err as Error).message}`);
      return [];
    }
  }
}
