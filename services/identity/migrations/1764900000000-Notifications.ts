import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail notifications (issue 24 §2): each user's delivery per kind and time zone; the notice events received
 * (event_id unique: a repeat is accepted and sends nothing); one delivery per (event, recipient), 'now' (a BullMQ job)
 * or 'digest' (the next daily digest), pending until sent or skipped; the digests sent, one per user and local date.
 * Everything of a user goes with the user.
 */
export class Notifications1764900000000 implements MigrationInterface {
  name = 'Notifications1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.notification_settings (
        user_id uuid PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
        time_zone varchar(64),
        time_zone_from_browser boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE identity.notification_preferences (
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        delivery varchar(8) NOT NULL CHECK (delivery IN ('now', 'digest', 'off')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind)
      )`);
    await q.query(`
      CREATE TABLE identity.notice_events (
        event_id uuid PRIMARY KEY,
        kind varchar(32) NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE identity.notice_deliveries (
        event_id uuid NOT NULL REFERENCES identity.notice_events (event_id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        delivery varchar(8) NOT NULL CHECK (delivery IN ('now', 'digest')),
        status varchar(8) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped')),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        digest_date date,
        PRIMARY KEY (event_id, user_id)
      )`);
    await q.query(`CREATE INDEX notice_deliveries_pending ON identity.notice_deliveries (delivery, user_id, created_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE identity.notice_digests (
        user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        local_date date NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        items integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, local_date)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS identity.notice_digests`);
    await q.query(`DROP TABLE IF EXISTS identity.notice_deliveries`);
    await q.query(`DROP TABLE IF EXISTS identity.notice_events`);
    await q.query(`DROP TABLE IF EXISTS identity.notification_preferences`);
    await q.query(`DROP TABLE IF EXISTS identity.notification_settings`);
  }
}
