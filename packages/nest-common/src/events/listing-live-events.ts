import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import { listingEventsChannel } from '@brokerage/contracts/checklists';
import type { ListingEventAudience, ListingEventNotice, ListingEvent } from '@brokerage/contracts/live-events';
import { REDIS_CLIENT } from '../health/redis.provider.js';
import { afterCommit } from '../idempotency/ambient-transaction.js';

/**
 * Publishes a listing event (issue 19 §2, contracts live-events) on the listing's Redis channel once the change is
 * committed: `emit(em, …)` inside a transaction waits for its COMMIT (dropped on ROLLBACK), outside one it publishes at
 * once. Fire-and-forget like the channel: checklists' relay fans it out to the user streams of the recipients; a
 * Redis error is logged, never fails the change (screens reload over HTTP anyway).
 */
@Injectable()
export class ListingEventsPublisher implements EntitySubscriberInterface {
  private readonly logger = new Logger(ListingEventsPublisher.name);
  private readonly pending = new WeakMap<QueryRunner, ListingEventNotice[]>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    ds: DataSource,
  ) {
    if (!ds.subscribers.includes(this)) ds.subscribers.push(this);
  }

  /** The event with its audience, stamped now; published after `em`'s transaction commits (null: now). */
  emit(em: EntityManager | null, event: Omit<ListingEvent, 'at'>, to: ListingEventAudience): void {
    const notice: ListingEventNotice = { ...event, at: new Date().toISOString(), to };
    const qr = em?.queryRunner;
    if (qr?.isTransactionActive) {
      const list = this.pending.get(qr);
      if (list) list.push(notice);
      else this.pending.set(qr, [notice]);
      return;
    }
    void afterCommit(() => this.publish(notice));
  }

  afterTransactionCommit(e: TransactionCommitEvent): void {
    // a released savepoint also "commits": wait for the outer COMMIT
    if (e.queryRunner.isTransactionActive) return;
    const list = this.pending.get(e.queryRunner);
    if (!list) return;
    this.pending.delete(e.queryRunner);
    for (const n of list) this.publish(n);
  }

  afterTransactionRollback(e: TransactionRollbackEvent): void {
    if (!e.queryRunner.isTransactionActive) this.pending.delete(e.queryRunner);
  }

  private publish(notice: ListingEventNotice): void {
    this.redis.publish(listingEventsChannel(notice.listingId), JSON.stringify(notice)).catch((err: Error) => {
      this.logger.warn(`${notice.type} of ${notice.listingId} not published: ${err.message}`);
    });
  }
}
