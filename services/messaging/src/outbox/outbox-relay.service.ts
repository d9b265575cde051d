import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { NOTICE_HEADLINES, ROLE_HOME, newMessageNoticeSchema, type NewMessageNotice, type NoticeCommand, type Role } from '@brokerage/contracts';
import { firstRow, InternalHttpClient, nameUuid, NOTICE, OutboxRefusal, OutboxRelay, SERVICE_CONFIG, oneLine, sendNotice, type ServiceConfig } from '@brokerage/nest-common';
import { IdentityClient } from '../clients/identity.client.js';
import { ListingsClient } from '../clients/listings.client.js';

/** A client sent a message: step index 1 (Messages) of the journey on their selected listing (one pending row per user). */
export const JOURNEY_MESSAGE = 'journey-message';
/**
 * The receiver's new-message e-mail before issue 24: rows written then are sent as the `notice` command now (the
 * receiver's role looked up for the link). New messages write NOTICE rows.
 */
export const NEW_MESSAGE_NOTICE = 'new-message-notice';
/** Journey step index 1 (Messages) of both journeys. */
export const MESSAGES_STEP_ID = 1;

/** What messaging.outbox carries: one payload type per kind (a notice holds who wrote, never the subject or content). */
export interface MessagingOutbox {
  [JOURNEY_MESSAGE]: { userId: string; role: Role };
  [NEW_MESSAGE_NOTICE]: NewMessageNotice;
  /** An e-mail notice (contracts notifications.ts, kind message): identity's POST /internal/notices, eventId = messageId. */
  [NOTICE]: NoticeCommand;
}

/** The receiver's notice of a new message: who wrote and the receiver's Messages screen, never the subject or text. */
export function messageNotice(messageId: string, receiver: { id: string; role: Role }, senderName: string): NoticeCommand {
  const sender = oneLine(senderName, 120) || 'Someone';
  return {
    eventId: messageId,
    kind: 'message',
    recipients: { userIds: [receiver.id] },
    actorName: sender,
    headline: oneLine(NOTICE_HEADLINES.message(sender)),
    link: `${ROLE_HOME[receiver.role]}/messages`,
  };
}

const sentRow = z.object({ sent: z.literal(1) }).describe('journeyEventSentRow');

/** The same user and listing always give the same eventId. */
export const stableEventId = (name: string): string => nameUuid('sha1', `brokerage:${name}`);

/**
 * The message's step on the listing selected when the row is relayed, eventId `messages.first:{userId}:{listingId}`:
 * sent once per journey (journey_events_sent, in the relay's transaction; listings dedupes it too).
 */
async function messagesStep(listings: ListingsClient, { userId, role }: MessagingOutbox[typeof JOURNEY_MESSAGE], m: EntityManager): Promise<string | void> {
  const listingId = await listings.selectedListing(userId, role);
  if (!listingId) return 'no selected listing';
  const eventId = stableEventId(`messages.first:${userId}:${listingId}`);
  if (firstRow(sentRow, await m.query(`SELECT 1 AS sent FROM messaging.journey_events_sent WHERE event_id = $1`, [eventId]))) return;
  await listings.journeyEvent({ eventId, userId, listingId, stepId: MESSAGES_STEP_ID, source: 'messaging.message-sent' });
  await m.query(`INSERT INTO messaging.journey_events_sent (event_id, user_id, listing_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    eventId, userId, listingId,
  ]);
}

/** messaging.outbox (nest-common OutboxRelay): at start, every 2 s and right after a send (kick, or a short drain). */
@Injectable()
export class OutboxRelayService extends OutboxRelay<MessagingOutbox> {
  constructor(ds: DataSource, listings: ListingsClient, people: IdentityClient, @Inject(SERVICE_CONFIG) config: ServiceConfig) {
    const identity = new InternalHttpClient({ from: 'messaging', baseUrl: config.IDENTITY_URL, connectTimeoutMs: 1000, timeoutMs: 10_000 });
    super('OutboxRelay', ds, 'messaging', {
      [JOURNEY_MESSAGE]: (client, _row, m) => messagesStep(listings, client, m),
      // identity e-mails the receiver per their preferences (messaging never reads identity's users)
      [NOTICE]: (notice) => sendNotice(identity, notice),
      [NEW_MESSAGE_NOTICE]: async (old) => {
        const n = newMessageNoticeSchema.parse(old);
        const [receiver] = await people.lookup([n.receiverId]);
        if (!receiver) throw new OutboxRefusal('unknown receiver');
        return sendNotice(identity, messageNotice(n.messageId, receiver, n.senderName));
      },
    }, { pollMs: 2000 });
  }
}
