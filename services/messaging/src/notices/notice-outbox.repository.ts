import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface NoticeOutboxRow {
  message_id: string;
  receiver_id: string;
  sender_name: string;
}

/** messaging.notice_outbox: the new-message e-mail notices waiting for identity. */
@Injectable()
export class NoticeOutboxRepository {
  /** In the message's transaction. */
  async enqueue(m: EntityManager, messageId: string, receiverId: string, senderName: string): Promise<void> {
    await m.query(
      `INSERT INTO messaging.notice_outbox (message_id, receiver_id, sender_name) VALUES ($1, $2, $3) ON CONFLICT (message_id) DO NOTHING`,
      [messageId, receiverId, senderName],
    );
  }

  claimUnsent(m: EntityManager, limit: number): Promise<NoticeOutboxRow[]> {
    return m.query(
      `SELECT message_id, receiver_id, sender_name FROM messaging.notice_outbox WHERE sent_at IS NULL
        ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markDone(m: EntityManager, messageId: string, note: string | null = null): Promise<void> {
    await m.query(`UPDATE messaging.notice_outbox SET sent_at = now(), attempts = attempts + 1, last_error = $2 WHERE message_id = $1`, [messageId, note]);
  }

  async markFailed(m: EntityManager, messageId: string, error: string): Promise<void> {
    await m.query(`UPDATE messaging.notice_outbox SET attempts = attempts + 1, last_error = $2 WHERE message_id = $1`, [messageId, error.slice(0, 1000)]);
  }
}
