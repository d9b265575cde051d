import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InternalHttpError, OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { IdentityNoticesClient } from './identity-notices.client.js';
import { NoticeOutboxRepository } from './notice-outbox.repository.js';

export const NOTICE_RELAY_POLL_MS = 5000;
const BATCH = 50;
/** Answers that will not change on a retry (unknown receiver, bad payload): the row is closed with a note. */
const REFUSED = new Set([400, 404, 409, 410, 422]);

/**
 * Relays new-message notices to identity's POST /internal/notices/new-message (identity e-mails the receiver, once
 * per messageId). Runs at start, every poll and right after a send; while identity is down the rows stay pending.
 */
@Injectable()
export class NoticeRelayService extends OutboxPump {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: NoticeOutboxRepository,
    private readonly identity: IdentityNoticesClient,
  ) {
    super('NoticeRelay', NOTICE_RELAY_POLL_MS, BATCH);
  }

  /** One batch in one transaction; stops at the first unavailable answer (retried at the next poll). */
  protected relayOnce(): Promise<PumpBatch> {
    return this.ds.transaction(async (m) => {
      const rows = await this.outbox.claimUnsent(m, BATCH);
      for (const row of rows) {
        try {
          await this.identity.newMessage({ messageId: row.message_id, receiverId: row.receiver_id, senderName: row.sender_name });
          await this.outbox.markDone(m, row.message_id);
        } catch (err) {
          const status = err instanceof InternalHttpError ? err.upstreamStatus : 0;
          if (REFUSED.has(status)) {
            await this.outbox.markDone(m, row.message_id, `refused: ${(err as Error).message}`);
            continue;
          }
          this.logger.warn(`notice of message ${row.message_id} not sent: ${(err as Error).message}`);
          await this.outbox.markFailed(m, row.message_id, (err as Error).message);
          return { claimed: rows.length, sent: 0 };
        }
      }
      return { claimed: rows.length, sent: rows.length };
    });
  }
}
