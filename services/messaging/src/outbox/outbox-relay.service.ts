import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { NewMessageNotice, Role } from '@brokerage/contracts';
import { OutboxRelay } from '@brokerage/nest-common';
import { ListingsClient } from '../clients/listings.client.js';
import { IdentityNoticesClient } from '../notices/identity-notices.client.js';

/** A client sent a message: step index 1 (Messages) of the journey on their selected listing (one pending row per user). */
export const JOURNEY_MESSAGE = 'journey-message';
/** The receiver's new-message e-mail: identity's POST /internal/notices/new-message (once per messageId = row id). */
export const NEW_MESSAGE_NOTICE = 'new-message-notice';
/** Journey step index 1 (Messages) of both journeys. */
export const MESSAGES_STEP_ID = 1;

/** What messaging.outbox carries: one payload type per kind (a notice holds who wrote, never the subject or content). */
export interface MessagingOutbox {
  [JOURNEY_MESSAGE]: { userId: string; role: Role };
  [NEW_MESSAGE_NOTICE]: NewMessageNotice;
}

/** A name-based (v5-style) uuid: the same user and listing always give the same eventId. */
export function stableEventId(name: string): string {
  const h = createHash('sha1').update(`brokerage:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * The message's step on the listing selected when the row is relayed, eventId `messages.first:{userId}:{listingId}`:
 * sent once per journey (journey_events_sent, in the relay's transaction; listings dedupes it too).
 */
async function messagesStep(listings: ListingsClient, { userId, role }: MessagingOutbox[typeof JOURNEY_MESSAGE], m: EntityManager): Promise<string | void> {
  const listingId = await listings.selectedListing(userId, role);
  if (!listingId) return 'no selected listing';
  const eventId = stableEventId(`messages.first:${userId}:${listingId}`);
  if ((await m.query(`SELECT 1 FROM messaging.journey_events_sent WHERE event_id = $1`, [eventId])).length) return;
  await listings.journeyEvent({ eventId, userId, listingId, stepId: MESSAGES_STEP_ID, source: 'messaging.message-sent' });
  await m.query(`INSERT INTO messaging.journey_events_sent (event_id, user_id, listing_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    eventId, userId, listingId,
  ]);
}

/** messaging.outbox (nest-common OutboxRelay): at start, every 2 s and right after a send (kick, or a short drain). */
@Injectable()
export class OutboxRelayService extends OutboxRelay<MessagingOutbox> {
  constructor(ds: DataSource, listings: ListingsClient, identity: IdentityNoticesClient) {
    super('OutboxRelay', ds, 'messaging', {
      [JOURNEY_MESSAGE]: (client, _row, m) => messagesStep(listings, client, m),
      [NEW_MESSAGE_NOTICE]: async (notice) => void (await identity.newMessage(notice)),
    }, { pollMs: 2000 });
  }
}
