import { createHash } from 'node:crypto';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT, loadConfig } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { EngagementJournal } from './engagement-journal.js';
import { EngagementRepository, type EngagementWrite } from './engagement.repository.js';

/** The Redis stream of accepted reports, and the consumer group that writes them to PostgreSQL. */
export const ENGAGEMENT_STREAM = 'documents:engagement';
export const ENGAGEMENT_GROUP = 'page-engagement';
/** Reports written in one statement at most. */
const BATCH = 500;
/** A report is written this long after it was accepted at most (sooner when a read asks: flush). */
const DELAY_MS = 50;
/** How often this process looks for reports other processes accepted (their own consumer usually writes them first). */
const POLL_MS = 1000;
/** A report read by a consumer that did not write it within this long (its process died) is taken over. */
const CLAIM_IDLE_MS = 30_000;

type Entries = Array<[id: string, fields: string[]]>;

/** PostgreSQL refused the data itself (classes 22 data exception, 23 integrity constraint): writing it again will not help. */
const isDataError = (err: unknown): boolean => /^2[23]/.test(String((err as { code?: unknown } | null)?.code ?? ''));

/**
 * The engagement write off the request path (issue 23 bench:viewer: ≤ 5 ms): a report the rule accepted is appended to
 * this process's journal (EngagementJournal: one write(2)) and answered; within DELAY_MS the journal is handed to a
 * Redis stream (XADD: Redis keeps it, appendonly; without the journal a report is appended there in the request, and
 * answered after); a consumer group writes what is queued to
 * documents.page_engagement in batches (EngagementRepository.addAll, one statement), then acknowledges and removes the
 * entries. A process that dies loses nothing accepted: what it had read but not written stays pending in the group and
 * is taken over after CLAIM_IDLE_MS (a death between the statement's commit and the acknowledgement adds that batch's
 * time twice). Reads call flush() first, so a report answered is in what this process reads next. Without Redis (or when
 * it refuses the append) the report is written at once, as before.
 */
@Injectable()
export class EngagementQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EngagementQueue.name);
  private readonly consumer = `${hostname()}-${process.pid}`;
  private ready = false;
  /** Every pass over the stream runs after the previous one (one reader at a time in this process). */
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private lastClaim = 0;
  /** How long a report read by another consumer may stay unwritten before this one takes it over (tests lower it). */
  claimIdleMs = CLAIM_IDLE_MS;

  private readonly journal: EngagementJournal;

  constructor(
    private readonly repo: EngagementRepository,
    @Inject(DOCUMENTS_CONFIG) config: DocumentsConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: Redis,
  ) {
    // a journal belongs to its database: one folder per DATABASE_URL unless one is set
    const dir = config.ENGAGEMENT_JOURNAL_DIR
      ?? path.join(tmpdir(), `brokerage-engagement-${createHash('sha256').update(loadConfig().DATABASE_URL ?? '').digest('hex').slice(0, 12)}`);
    this.journal = new EngagementJournal(dir, (writes) => this.enqueue(writes), (msg) => this.logger.warn(msg));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.redis) {
      try {
        await this.redis.xgroup('CREATE', ENGAGEMENT_STREAM, ENGAGEMENT_GROUP, '0', 'MKSTREAM');
        this.ready = true;
      } catch (err) {
        this.ready = String((err as Error).message).includes('BUSYGROUP');
        if (!this.ready) this.logger.warn(`engagement queue not set up (reports are written at once): ${(err as Error).message}`);
      }
    }
    try {
      const handed = await this.journal.open();
      if (handed) this.logger.log(`engagement journal: ${handed} reports a stopped process had accepted handed over`);
    } catch (err) {
      this.logger.warn(`engagement journal not opened (reports are queued in the request): ${(err as Error).message}`);
    }
    this.poller = setInterval(() => void this.flush().catch(() => undefined), POLL_MS);
    this.poller.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    if (this.timer) clearTimeout(this.timer);
    this.poller = this.timer = null;
    await this.flush().catch((err: Error) => this.logger.warn(`engagement queue not written at shutdown (kept in Redis): ${err.message}`));
    await this.journal.close();
    this.ready = false;
  }

  /** This process's journal file (tests). */
  get journalPath(): string {
    return this.journal.path;
  }

  /**
   * Accepts a report at once when the journal is open (one write(2), no network: see EngagementJournal), handed to the
   * stream within DELAY_MS; false when it is not (the caller awaits add()).
   */
  accept(w: EngagementWrite): boolean {
    if (!this.journal.isOpen) return false;
    try {
      this.journal.append(w);
    } catch (err) {
      this.logger.warn(`engagement journal refused a report (queued in the request): ${(err as Error).message}`);
      return false; // a full disk: the report takes the stream's way, nothing lost
    }
    this.soon();
    return true;
  }

  /** Reports from the journal into the stream (one round trip), or written at once when the stream refuses them. */
  private async enqueue(writes: EngagementWrite[]): Promise<void> {
    if (this.ready && this.redis) {
      const pipe = this.redis.pipeline();
      for (const w of writes) pipe.xadd(ENGAGEMENT_STREAM, '*', 'w', JSON.stringify(w));
      const results = await pipe.exec().catch(() => null);
      const failed = results ? writes.filter((_, i) => results[i]?.[0]) : writes;
      if (!failed.length) return;
      this.logger.warn(`engagement reports written at once (the queue refused ${failed.length})`);
      return this.repo.addAll(failed);
    }
    await this.repo.addAll(writes);
  }

  private soon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush().catch((err: Error) => this.logger.warn(`engagement queue not written yet (retried): ${err.message}`));
    }, DELAY_MS);
  }

  /** Accepts a report: in the stream when the queue is up (written within DELAY_MS), else written now. */
  async add(w: EngagementWrite): Promise<void> {
    if (this.ready && this.redis) {
      const queued = await this.redis.xadd(ENGAGEMENT_STREAM, '*', 'w', JSON.stringify(w)).catch((err: Error) => {
        this.logger.warn(`engagement report written at once (the queue refused it: ${err.message})`);
        return null;
      });
      if (queued) {
        this.soon();
        return;
      }
    }
    await this.repo.add(w);
  }

  /** Writes every report accepted so far (journal, then stream, and any a dead process left pending); resolves once they are in PostgreSQL. */
  flush(): Promise<void> {
    const pass = this.chain.then(async () => {
      await this.journal.drain();
      if (this.ready && this.redis) await this.drain(this.redis);
    });
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  /** flush() before a read: a failed pass is logged, the read answers what is written (the rest follows). */
  async flushForRead(): Promise<void> {
    await this.flush().catch((err: Error) => this.logger.warn(`engagement queue not written before a read: ${err.message}`));
  }

  private async drain(redis: Redis): Promise<void> {
    // first what this consumer read and did not write (a failed statement), then what others left too long
    await this.write(redis, await this.read(redis, '0'));
    if (Date.now() - this.lastClaim >= this.claimIdleMs / 3) {
      this.lastClaim = Date.now();
      const [, claimed] = (await redis.xautoclaim(ENGAGEMENT_STREAM, ENGAGEMENT_GROUP, this.consumer, this.claimIdleMs, '0-0', 'COUNT', BATCH)) as [string, Entries];
      await this.write(redis, claimed.filter((e) => e[1]));
    }
    for (;;) {
      const entries = await this.read(redis, '>');
      if (!entries.length) return;
      await this.write(redis, entries);
    }
  }

  private async read(redis: Redis, from: '0' | '>'): Promise<Entries> {
    const res = (await redis.xreadgroup('GROUP', ENGAGEMENT_GROUP, this.consumer, 'COUNT', BATCH, 'STREAMS', ENGAGEMENT_STREAM, from)) as Array<[string, Entries]> | null;
    return (res?.[0]?.[1] ?? []).filter((e) => e[1]); // an entry removed meanwhile comes back without fields
  }

  private async write(redis: Redis, entries: Entries): Promise<void> {
    if (!entries.length) return;
    const writes: EngagementWrite[] = [];
    for (const [, fields] of entries) {
      try {
        writes.push(JSON.parse(fields[fields.indexOf('w') + 1] ?? '') as EngagementWrite);
      } catch {
        this.logger.warn('engagement queue: an unreadable entry dropped');
      }
    }
    await this.repo.addAll(writes).catch(async (err: unknown) => {
      if (!isDataError(err)) throw err; // PostgreSQL away: the entries stay pending, written by a later pass
      // a report PostgreSQL refuses would block every later one: each written alone, the refused ones dropped
      for (const w of writes) {
        await this.repo.add(w).catch((one: unknown) => {
          if (!isDataError(one)) throw one;
          this.logger.warn(`engagement report of document ${w.documentId} dropped: ${(one as Error).message}`);
        });
      }
    });
    const ids = entries.map((e) => e[0]);
    await redis.multi().xack(ENGAGEMENT_STREAM, ENGAGEMENT_GROUP, ...ids).xdel(ENGAGEMENT_STREAM, ...ids).exec();
  }
}
