import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { afterCommit, ambientTransaction } from '../idempotency/ambient-transaction.js';

/** What one batch did: how many rows it claimed and how many went through. */
export interface PumpBatch {
  claimed: number;
  sent: number;
}

/**
 * The loop every transactional outbox relay shares: drain at start (rows left by a crash), every `pollMs`, and right
 * after a change that wrote a row (`kick`). One drain at a time per process; a kick during a drain runs it once more.
 * A drain goes on while full batches go through whole; a row that failed (or was refused) waits for the next round,
 * so a failing consumer does not spin. Subclasses implement one
 * batch (claim with SKIP LOCKED, deliver, mark) in `relayOnce`.
 */
export abstract class OutboxPump implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  protected readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;

  protected constructor(
    private readonly name: string,
    private readonly pollMs: number,
    protected readonly batchSize = 50,
  ) {
    this.logger = new Logger(name);
  }

  /** One batch in one transaction. */
  protected abstract relayOnce(): Promise<PumpBatch>;

  onApplicationBootstrap(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
  }

  /**
   * Stopped (its last batch done) before any module's onApplicationShutdown closes what deliver() uses (BullModule's
   * queues, the DataSource): a relay's module may be global, and global modules shut down last.
   */
  beforeApplicationShutdown(): Promise<void> {
    return this.onApplicationShutdown();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** After the caller's transaction commits (a keyed write's: its row is not there before), drain. */
  kick(): void {
    void afterCommit(() => {
      this.drain().catch((err) => this.logger.warn(`${this.name} failed: ${(err as Error).message}`));
    });
  }

  /**
   * Relays until nothing more goes through; answers how many rows were delivered. Never inside a request's keyed-write
   * transaction (ambient-transaction.ts): the relay's claims and marks are its own.
   */
  drain(): Promise<number> {
    return ambientTransaction.exit(() => this.drainOnce());
  }

  private drainOnce(): Promise<number> {
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
            if (claimed < this.batchSize || sent < claimed) break;
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }
}
