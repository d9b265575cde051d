import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { JourneyEvent } from '@brokerage/contracts';

/** A name-based uuid (version 5 layout over sha256): the same (what, user, listing) is always the same event. */
export function eventIdOf(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export interface OutboxEvent {
  id: string;
  payload: JourneyEvent;
}

/** documents.journey_outbox: events for listings' journey command, kept until listings has taken them. */
@Injectable()
export class JourneyEventsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Adds the event unless the same eventId is already there. */
  async add(event: JourneyEvent & { eventId: string }, m: EntityManager = this.ds.manager): Promise<void> {
    await m.query(`INSERT INTO documents.journey_outbox (id, payload) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [event.eventId, JSON.stringify(event)]);
  }

  claimUnsent(m: EntityManager, limit: number): Promise<OutboxEvent[]> {
    return m.query(`SELECT id, payload FROM documents.journey_outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
  }

  async markSent(m: EntityManager, id: string, note: string | null = null): Promise<void> {
    await m.query(`UPDATE documents.journey_outbox SET sent_at = now(), attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, note]);
  }

  async markFailed(m: EntityManager, id: string, error: string): Promise<void> {
    await m.query(`UPDATE documents.journey_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 1000)]);
  }

  get dataSource(): DataSource {
    return this.ds;
  }
}
