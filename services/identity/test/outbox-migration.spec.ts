import { acrossMigration } from '@brokerage/nest-common/testing';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { IDENTITY_MIGRATIONS } from '../src/entities.js';

const ID = (n: number) => `00000000-0000-4000-8000-0000000f00${String(n).padStart(2, '0')}`;

describe('migration to the one outbox shape (identity.outbox)', () => {
  it('moves every row: an undelivered one stays undelivered and is due at once, a sent one is delivered', async () => {
    const rows = await acrossMigration('identity', IDENTITY_MIGRATIONS, OneOutboxShape1764800000000, (q) => q.query(
      `INSERT INTO identity.outbox (id, type, payload, sent_at, attempts, last_error) VALUES
        ($1, 'user.deleted', '{"eventId":"a"}', NULL, 3, 'redis down'), ($2, 'user.archived', '{"eventId":"b"}', now(), 1, NULL)`,
      [ID(1), ID(2)],
    ), (q) => q.query(
      `SELECT id, kind, payload, attempts, delivered_at IS NOT NULL AS delivered, dead_at IS NOT NULL AS dead, last_error,
        next_attempt_at <= now() AS due FROM identity.outbox WHERE id = ANY($1) ORDER BY id`,
      [[ID(1), ID(2)]],
    ));
    expect(rows).toEqual([
      { id: ID(1), kind: 'user.deleted', payload: { eventId: 'a' }, attempts: 3, delivered: false, dead: false, last_error: 'redis down', due: true },
      { id: ID(2), kind: 'user.archived', payload: { eventId: 'b' }, attempts: 1, delivered: true, dead: false, last_error: null, due: true },
    ]);
  });
});
