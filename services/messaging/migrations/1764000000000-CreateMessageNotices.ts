import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 9: "a new message e-mails the receiver a notice": one row per portal message, written in the send's transaction. */
export class CreateMessageNotices1764000000000 implements MigrationInterface {
  name = 'CreateMessageNotices1764000000000';

  async up(q: QueryRunner): Promise<void> {
    // No subject or content here: the notice only says who wrote (identity e-mails it, idempotent by message_id).
    await q.query(`
      CREATE TABLE messaging.notice_outbox (
        message_id uuid PRIMARY KEY,
        receiver_id uuid NOT NULL,
        sender_name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX notice_outbox_pending_idx ON messaging.notice_outbox (created_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging.notice_outbox`);
  }
}
