import { Inject, Injectable } from '@nestjs/common';
import {
  internalAttentionResponseSchema,
  lastSentResponseSchema,
  type InternalAttentionResponse,
} from '@brokerage/contracts';
import { InternalHttpClient, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/**
 * Documents' uploads and open requests, messaging's last messages, for the "Needs attention" list. Unlike the seller's
 * Buyer Activity a source that fails fails the list (503): without the messages every quiet journey would look idle.
 */
@Injectable()
export class NeedsAttentionSources {
  private readonly documents: InternalHttpClient;
  private readonly messaging: InternalHttpClient;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.documents = new InternalHttpClient({ from: 'listings', baseUrl: config.DOCUMENTS_URL });
    this.messaging = new InternalHttpClient({ from: 'listings', baseUrl: config.MESSAGING_URL });
  }

  async documentsOf(listingIds: string[], since: Date): Promise<InternalAttentionResponse> {
    if (listingIds.length === 0) return { uploads: [], dueDiligence: [] };
    const answer = await this.documents.post<unknown>('/internal/needs-attention', { listingIds, since: since.toISOString() });
    return internalAttentionResponseSchema.parse(answer);
  }

  /** Each user's latest sent message (users who never sent one are absent). */
  async lastSent(userIds: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const ids = [...new Set(userIds)];
    for (let i = 0; i < ids.length; i += 1000) {
      const answer = await this.messaging.post<unknown>('/internal/messages/last-sent', { userIds: ids.slice(i, i + 1000) });
      for (const u of lastSentResponseSchema.parse(answer).users) out.set(u.userId, u.at);
    }
    return out;
  }
}
