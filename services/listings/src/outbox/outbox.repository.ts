import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface OutboxRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

@Injectable()
export class OutboxRepository {
  /** Writes the event in the caller's transaction; the id is the eventId (and the BullMQ jobId). */
  async add(em: EntityManager, type: string, payload: (eventId: string) => Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    await em.query(`INSERT INTO listings.outbox (id, type, payload) VALUES ($1, $2, $3::jsonb)`, [id, type, JSON.stringify(payload(id))]);
    return id;
  }

  /** Claims unsent rows (other replicas skip them until this transaction ends). */
  claimUnsent(em: EntityManager, limit: number): Promise<OutboxRow[]> {
    return em.query(
      `SELECT id, type, payload FROM listings.outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markSent(em: EntityManager, ids: string[]): Promise<void> {
    if (ids.length) await em.query(`UPDATE listings.outbox SET sent_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async markFailed(em: EntityManager, id: string, error: string): Promise<void> {
    await em.query(`UPDATE listings.outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 500)]);
  }
}
