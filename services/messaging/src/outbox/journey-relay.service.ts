import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InternalHttpError, OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { ListingsClient } from '../clients/listings.client.js';
import { JourneyOutboxRepository } from './journey-outbox.repository.js';

export const JOURNEY_RELAY_POLL_MS = 2000;
const BATCH = 50;
/** Answers that will not change on a retry (the user is no party of the listing, …): the row is closed. */
const REFUSED = new Set([400, 404, 409, 410, 422]);
/** Journey step index 1 (Messages) of both journeys. */
export const MESSAGES_STEP_ID = 1;

/** A name-based (v5-style) uuid: the same user and listing always give the same eventId. */
export function stableEventId(name: string): string {
  const h = createHash('sha1').update(`brokerage:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * Relays "a client sent a message" to listings' POST /internal/journeys/events (step index 1) on the selected
 * listing, eventId `messages.first:{userId}:{listingId}` (listings dedupes it too). Runs at start, every poll and
 * right after a send; while listings is down the row stays pending and is retried.
 */
@Injectable()
export class JourneyRelayService extends OutboxPump {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: JourneyOutboxRepository,
    private readonly listings: ListingsClient,
  ) {
    super('JourneyRelay', JOURNEY_RELAY_POLL_MS, BATCH);
  }

  /** One batch in one transaction; stops at the first unavailable answer (listings down: retried at the next poll). */
  protected relayOnce(): Promise<PumpBatch> {
    return this.ds.transaction(async (m) => {
      const rows = await this.outbox.claimUnsent(m, BATCH);
      for (const row of rows) {
        try {
          const listingId = await this.listings.selectedListing(row.user_id, row.role);
          if (!listingId) {
            await this.outbox.markDone(m, row.id, 'no selected listing');
            continue;
          }
          const eventId = stableEventId(`messages.first:${row.user_id}:${listingId}`);
          if (!(await this.outbox.wasSent(m, eventId))) {
            await this.listings.journeyEvent({ eventId, userId: row.user_id, listingId, stepId: MESSAGES_STEP_ID, source: 'messaging.message-sent' });
            await this.outbox.recordSent(m, eventId, row.user_id, listingId);
          }
          await this.outbox.markDone(m, row.id);
        } catch (err) {
          const status = err instanceof InternalHttpError ? err.upstreamStatus : 0;
          if (REFUSED.has(status)) {
            await this.outbox.markDone(m, row.id, `refused: ${(err as Error).message}`);
            continue;
          }
          this.logger.warn(`journey event of ${row.user_id} not sent: ${(err as Error).message}`);
          await this.outbox.markFailed(m, row.id, (err as Error).message);
          return { claimed: rows.length, sent: 0 };
        }
      }
      return { claimed: rows.length, sent: rows.length };
    });
  }
}
