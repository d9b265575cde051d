import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateContactRequests1763700200000 implements MigrationInterface {
  name = 'CreateContactRequests1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS messaging`);
    await q.query(`
      CREATE TABLE messaging.contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        email varchar(320) NOT NULL,
        phone varchar(50) NOT NULL,
        subject varchar(300) NOT NULL,
        message text NOT NULL,
        sender_user_id uuid,
        ip varchar(64),
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contact_messages_created_idx ON messaging.contact_messages (created_at DESC)`);
    await q.query(`
      CREATE TABLE messaging.callback_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        email varchar(320) NOT NULL,
        message text NOT NULL DEFAULT '',
        sender_user_id uuid,
        ip varchar(64),
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX callback_requests_created_idx ON messaging.callback_requests (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging.callback_requests`);
    await q.query(`DROP TABLE messaging.contact_messages`);
  }
}
