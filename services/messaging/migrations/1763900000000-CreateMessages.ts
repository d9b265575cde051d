import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMessages1763900000000 implements MigrationInterface {
  name = 'CreateMessages1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging.messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sender_id uuid NOT NULL,
        sender_name varchar(200) NOT NULL,
        receiver_id uuid NOT NULL,
        receiver_name varchar(200) NOT NULL,
        subject varchar(200) NOT NULL,
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        read_at timestamptz,
        sender_deleted_at timestamptz,
        receiver_deleted_at timestamptz
      )`);
    // Inbox and sent pages: newest first, keyset on (created_at, id), only what the side has not deleted.
    await q.query(`CREATE INDEX messages_inbox_idx ON messaging.messages (receiver_id, created_at DESC, id DESC) WHERE receiver_deleted_at IS NULL`);
    await q.query(`CREATE INDEX messages_sent_idx ON messaging.messages (sender_id, created_at DESC, id DESC) WHERE sender_deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE messaging.message_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES messaging.messages (id) ON DELETE CASCADE,
        file_name varchar(255) NOT NULL,
        content_type varchar(100) NOT NULL,
        file_size bigint NOT NULL,
        storage_key varchar(300) NOT NULL,
        position int NOT NULL
      )`);
    await q.query(`CREATE INDEX message_attachments_message_idx ON messaging.message_attachments (message_id, position)`);
    // A broker's read / delete of a Website item (contact message or call-back request); each broker has their own.
    await q.query(`
      CREATE TABLE messaging.website_item_states (
        item_id uuid NOT NULL,
        broker_id uuid NOT NULL,
        read_at timestamptz,
        deleted_at timestamptz,
        PRIMARY KEY (item_id, broker_id)
      )`);
    // Journey step 2 (index 1) for a client's first message: one pending row per user until relayed to listings.
    await q.query(`
      CREATE TABLE messaging.journey_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        role varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE UNIQUE INDEX journey_outbox_pending_idx ON messaging.journey_outbox (user_id) WHERE sent_at IS NULL`);
    // Events listings accepted (eventId per user + listing): never sent again.
    await q.query(`
      CREATE TABLE messaging.journey_events_sent (
        event_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        listing_id uuid NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging.journey_events_sent`);
    await q.query(`DROP TABLE messaging.journey_outbox`);
    await q.query(`DROP TABLE messaging.website_item_states`);
    await q.query(`DROP TABLE messaging.message_attachments`);
    await q.query(`DROP TABLE messaging.messages`);
  }
}
