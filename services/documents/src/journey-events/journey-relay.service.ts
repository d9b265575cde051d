import { Inject, Injectable } from '@nestjs/common';
import { InternalHttpError, OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { ListingsClient } from '../listings-access/listings.client.js';
import { JourneyEventsRepository } from './journey-events.repository.js';

const BATCH = 50;

/**
 * Relays journey_outbox rows to listings' POST /internal/journeys/events: at start, every JOURNEY_OUTBOX_POLL_MS and
 * right after a new event (kick). Listings down or failing (no answer, 5xx) → the row stays for the next round;
 * a 4xx answer (the listing or the party is gone) will never succeed, so the row is closed with the reason.
 */
@Injectable()
export class JourneyRelayService extends OutboxPump {
  constructor(
    private readonly outbox: JourneyEventsRepository,
    private readonly listings: ListingsClient,
    @Inject(DOCUMENTS_CONFIG) config: DocumentsConfig,
  ) {
    super('JourneyRelay', config.JOURNEY_OUTBOX_POLL_MS, BATCH);
  }

  protected relayOnce(): Promise<PumpBatch> {
    return this.outbox.dataSource.transaction(async (m) => {
      const rows = await this.outbox.claimUnsent(m, BATCH);
      let sent = 0;
      for (const row of rows) {
        try {
          await this.listings.journeyEvent(row.payload);
          await this.outbox.markSent(m, row.id);
          sent++;
        } catch (err) {
          const status = err instanceof InternalHttpError ? err.upstreamStatus : 0;
          if (status >= 400 && status < 500) {
            await this.outbox.markSent(m, row.id, `refused ${status}: ${(err as Error).message}`);
            continue;
          }
          await this.outbox.markFailed(m, row.id, (err as Error).message);
          break; // listings is likely unavailable for the rest too
        }
      }
      return { claimed: rows.length, sent };
    });
  }
}
