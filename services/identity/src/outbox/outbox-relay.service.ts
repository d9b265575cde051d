import { Injectable } from '@nestjs/common';
import { USER_ARCHIVED, USER_DELETED, USER_REACTIVATED, type EventPayloads } from '@brokerage/contracts';
import { EventQueues, OutboxRelay, type OutboxRow } from '@brokerage/nest-common';
import { DataSource } from 'typeorm';

export const OUTBOX_POLL_MS = 2000;

/**
 * identity.outbox (nest-common OutboxRelay): user events → their consumers' BullMQ queues (EVENT_CONSUMERS, registered
 * by OutboxModule), one job per queue with jobId = eventId = row id, so a row relayed again after a crash adds nothing.
 * A new kind: its payload in contracts' EventPayloads, its consumers in EVENT_CONSUMERS and `publish` here. Redis silent
 * for 5 s: retried.
 */
@Injectable()
export class OutboxRelayService extends OutboxRelay<EventPayloads> {
  constructor(ds: DataSource, readonly queues: EventQueues) {
    const publish = (payload: object, row: OutboxRow) => queues.publish(row.kind, row.id, payload);
    super('OutboxRelay', ds, 'identity', { [USER_DELETED]: publish, [USER_ARCHIVED]: publish, [USER_REACTIVATED]: publish }, {
      pollMs: OUTBOX_POLL_MS,
      timeoutMs: 5000,
    });
  }
}
