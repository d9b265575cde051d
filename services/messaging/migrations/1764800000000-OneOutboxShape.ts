import type { MigrationInterface, QueryRunner } from 'typeorm';
import { moveIntoOneShape, outboxTableSql } from '@brokerage/nest-common';

/**
 * messaging.journey_outbox and messaging.notice_outbox become messaging.outbox, the one outbox shape (nest-common
 * outboxTableSql): kinds journey-message (pending_key = the user: one pending row per user) and new-message-notice
 * (id = the message's). Every row moves over; one a 4xx closed is dead.
 */
export class OneOutboxShape1764800000000 implements MigrationInterface {
  name = 'OneOutboxShape1764800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of outboxTableSql('messaging')) await q.query(sql);
    await moveIntoOneShape(q, 'messaging', 'journey-message', 'messaging.journey_outbox', {
      id: 'id',
      payload: `jsonb_build_object('userId', user_id, 'role', role)`,
      pendingKey: 'CASE WHEN sent_at IS NULL THEN user_id::text END',
    });
    await moveIntoOneShape(q, 'messaging', 'new-message-notice', 'messaging.notice_outbox', {
      id: 'message_id',
      payload: `jsonb_build_object('messageId', message_id, 'receiverId', receiver_id, 'senderName', sender_name)`,
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging.journey_outbox (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, role varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, attempts int NOT NULL DEFAULT 0, last_error text)`);
    await q.query(`CREATE UNIQUE INDEX journey_outbox_pending_idx ON messaging.journey_outbox (user_id) WHERE sent_at IS NULL`);
    await q.query(`
      CREATE TABLE messaging.notice_outbox (message_id uuid PRIMARY KEY, receiver_id uuid NOT NULL, sender_name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz, attempts int NOT NULL DEFAULT 0, last_error text)`);
    await q.query(`CREATE INDEX notice_outbox_pending_idx ON messaging.notice_outbox (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      INSERT INTO messaging.journey_outbox (id, user_id, role, created_at, sent_at, attempts, last_error)
      SELECT id, (payload->>'userId')::uuid, payload->>'role', created_at, coalesce(delivered_at, dead_at), attempts, last_error
      FROM messaging.outbox WHERE kind = 'journey-message'`);
    await q.query(`
      INSERT INTO messaging.notice_outbox (message_id, receiver_id, sender_name, created_at, sent_at, attempts, last_error)
      SELECT id, (payload->>'receiverId')::uuid, payload->>'senderName', created_at, coalesce(delivered_at, dead_at), attempts, last_error
      FROM messaging.outbox WHERE kind = 'new-message-notice'`);
    await q.query(`DROP TABLE messaging.outbox`);
  }
}
