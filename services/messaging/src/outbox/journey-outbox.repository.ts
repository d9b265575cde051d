import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '@brokerage/contracts';

export interface JourneyOutboxRow {
  id: string;
  user_id: string;
  role: Role;
}

@Injectable()
export class JourneyOutboxRepository {
  /** In the message's transaction: one pending row per user, however many messages they send before it is relayed. */
  async enqueue(m: EntityManager, userId: string, role: Role): Promise<void> {
    await m.query(
      `INSERT INTO messaging.journey_outbox (user_id, role) VALUES ($1, $2) ON CONFLICT (user_id) WHERE sent_at IS NULL DO NOTHING`,
      [userId, role],
    );
  }

  claimUnsent(m: EntityManager, limit: number): Promise<JourneyOutboxRow[]> {
    return m.query(
      `SELECT id, user_id, role FROM messaging.journey_outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async wasSent(m: EntityManager, eventId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM messaging.journey_events_sent WHERE event_id = $1`, [eventId]);
    return rows.length > 0;
  }

  async recordSent(m: EntityManager, eventId: string, userId: string, listingId: string): Promise<void> {
    await m.query(
      `INSERT INTO messaging.journey_events_sent (event_id, user_id, listing_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [eventId, userId, listingId],
    );
  }

  async markDone(m: EntityManager, id: string, note: string | null = null): Promise<void> {
    await m.query(`UPDATE messaging.journey_outbox SET sent_at = now(), attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, note]);
  }

  async markFailed(m: EntityManager, id: string, error: string): Promise<void> {
    await m.query(`UPDATE messaging.journey_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 1000)]);
  }
}
