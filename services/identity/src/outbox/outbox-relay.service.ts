import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
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
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: EventQueuesService,
  ) {}

  onApplicationBootstrap(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), OUTBOX_POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  kick(): void {
    this.drain().catch((err) => this.logger.warn(`outbox relay failed: ${(err as Error).message}`));
  }

  /** Relays until nothing is left (one drain at a time per process; a kick during a drain runs it once more). */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const { claimed, sent } = await this.relayOnce();
            total += sent;
            if (claimed < BATCH || sent === 0) break;
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }

  /** One batch in one transaction: claim, publish each row, mark the published ones sent. */
  relayOnce(): Promise<{ claimed: number; sent: number }> {
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
