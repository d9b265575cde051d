import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
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
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: EventQueuesService,
  ) {}

  onApplicationBootstrap(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  kick(): void {
    this.drain().catch((err: Error) => this.logger.warn(`outbox relay failed: ${err.message}`));
  }

  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.relayOnce()) === BATCH);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** One batch in one transaction; answers how many rows were published. */
  private relayOnce(): Promise<number> {
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
      return sent.length;
    });
  }
}
