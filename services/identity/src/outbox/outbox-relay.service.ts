import { Injectable } from '@nestjs/common';
import { OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { DataSource } from 'typeorm';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRepository } from './outbox.repository.js';

export const OUTBOX_POLL_MS = 2000;
const BATCH = 50;
/** Redis down must not hold the claimed rows (and a DB connection) forever: the row is retried at the next poll. */
const PUBLISH_TIMEOUT_MS = 5000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * In-process relay: outbox rows → the consumers' queues, then sent_at. Runs at start (rows left by a crash), every
 * OUTBOX_POLL_MS, and right after a change that wrote a row (kick). Several replicas share the work with
 * SKIP LOCKED; a crash between publishing and marking re-publishes later, which the jobId dedupes.
 */
@Injectable()
export class OutboxRelayService extends OutboxPump {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: EventQueuesService,
  ) {
    super('OutboxRelay', OUTBOX_POLL_MS, BATCH);
  }

  /** One batch in one transaction: claim, publish each row, mark the published ones sent. */
  relayOnce(): Promise<PumpBatch> {
    return this.ds.transaction(async (m) => {
      const rows = await this.outbox.claimUnsent(m, BATCH);
      const sent: string[] = [];
      for (const row of rows) {
        try {
          await withTimeout(this.queues.publish(row.type, row.id, row.payload), PUBLISH_TIMEOUT_MS);
          sent.push(row.id);
        } catch (err) {
          this.logger.warn(`outbox ${row.type} ${row.id} not published: ${(err as Error).message}`);
          await this.outbox.markFailed(m, row.id, (err as Error).message);
          break; // Redis is likely unavailable for the rest too: leave them for the next poll
        }
      }
      await this.outbox.markSent(m, sent);
      return { claimed: rows.length, sent: sent.length };
    });
  }
}
