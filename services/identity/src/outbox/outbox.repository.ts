import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventPayloads, EventType } from '@brokerage/contracts';

export interface OutboxRow {
  id: string;
  type: EventType;
  payload: EventPayloads[EventType];
}

@Injectable()
export class OutboxRepository {
  /** Adds an event in the caller's transaction; the event id is also the row id (and the BullMQ jobId). */
  async add<T extends EventType>(m: EntityManager, type: T, build: (eventId: string) => EventPayloads[T]): Promise<EventPayloads[T]> {
    const eventId = randomUUID();
    const payload = build(eventId);
    await m.query(`INSERT INTO identity.outbox (id, type, payload) VALUES ($1, $2, $3)`, [eventId, type, JSON.stringify(payload)]);
    return payload;
  }

  /** Claims unsent rows for this transaction; rows another relay holds are skipped, not waited for. */
  async claimUnsent(m: EntityManager, limit: number): Promise<OutboxRow[]> {
    return m.query(
      `SELECT id, type, payload FROM identity.outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markSent(m: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await m.query(`UPDATE identity.outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async markFailed(m: EntityManager, id: string, error: string): Promise<void> {
    await m.query(`UPDATE identity.outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 1000)]);
  }
}
