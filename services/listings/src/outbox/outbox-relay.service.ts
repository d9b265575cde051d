import { Injectable } from '@nestjs/common';
import { OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRepository } from './outbox.repository.js';

const POLL_MS = 2000;
const BATCH = 50;

/**
 * Outbox rows → consumer queues, then sent_at: at start (rows a crash left), every 2 s, and on kick() after a write.
 * Replicas share rows with SKIP LOCKED; a crash between publish and mark re-publishes, which the jobId dedupes.
 */
@Injectable()
export class OutboxRelayService extends OutboxPump {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: EventQueuesService,
  ) {
    super('OutboxRelay', POLL_MS, BATCH);
  }

  /** One batch in one transaction: claim, publish, mark the published rows sent. */
  protected relayOnce(): Promise<PumpBatch> {
    return this.ds.transaction(async (em) => {
      const rows = await this.outbox.claimUnsent(em, BATCH);
      const sent: string[] = [];
      for (const row of rows) {
        try {
          await this.queues.publish(row.type, row.id, row.payload);
          sent.push(row.id);
        } catch (err) {
          await this.outbox.markFailed(em, row.id, (err as Error).message);
        }
      }
      await this.outbox.markSent(em, sent);
      return { claimed: rows.length, sent: sent.length };
    });
  }
}
