import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxOneShapeToV1, outboxV1ToOneShape } from '@brokerage/nest-common';

/**
 * identity.outbox in the one outbox shape (nest-common outboxTableSql: kind, next_attempt_at, delivered_at/dead_at):
 * every row moves over, the undelivered ones due at once.
 */
export class OneOutboxShape1764800000000 implements MigrationInterface {
  name = 'OneOutboxShape1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await outboxV1ToOneShape(q, 'identity');
  }

  async down(q: QueryRunner): Promise<void> {
    await outboxOneShapeToV1(q, 'identity');
    await q.query(`DROP TABLE identity.outbox_v2`);
  }
}
