import { acrossMigration } from '@brokerage/nest-common/testing';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { MESSAGING_MIGRATIONS } from '../src/entities.js';

const ID = (n: number) => `00000000-0000-4000-8000-0000000f00${String(n).padStart(2, '0')}`;

describe('migration to the one outbox shape (journey_outbox + notice_outbox → messaging.outbox)', () => {
  it('moves every row; a pending journey row keeps its user as pending_key (still one per user), a notice keeps the message id', async () => {
    const rows = await acrossMigration('messaging', MESSAGING_MIGRATIONS, OneOutboxShape1764800000000, async (q) => {
      await q.query(
        `INSERT INTO messaging.journey_outbox (id, user_id, role, sent_at, attempts, last_error) VALUES
          ($1, $3, 'BUYER', NULL, 2, 'listings down'), ($2, $3, 'BUYER', now(), 1, 'no selected listing')`,
        [ID(1), ID(2), ID(9)],
      );
      await q.query(
        `INSERT INTO messaging.notice_outbox (message_id, receiver_id, sender_name, sent_at, attempts, last_error) VALUES
          ($1, $3, 'Blake Buyer', NULL, 0, NULL), ($2, $3, 'Sam Seller', now(), 1, 'refused: unknown receiver')`,
        [ID(3), ID(4), ID(8)],
      );
    }, async (q) => {
      const moved = await q.query(
        `SELECT id, kind, payload, pending_key, attempts, delivered_at IS NOT NULL AS delivered, dead_at IS NOT NULL AS dead, last_error
          FROM messaging.outbox WHERE id = ANY($1) ORDER BY id`,
        [[1, 2, 3, 4].map(ID)],
      );
      // the user's pending row is still the only pending one: a second is kept out
      await q.query(`INSERT INTO messaging.outbox (id, kind, payload, pending_key) VALUES ($1, 'journey-message', '{}', $2) ON CONFLICT DO NOTHING`, [ID(5), ID(9)]);
      const pending = await q.query(`SELECT count(*)::int AS n FROM messaging.outbox WHERE pending_key = $1`, [ID(9)]);
      return { moved, pending: pending[0].n };
    });
    expect(rows.moved).toEqual([
      { id: ID(1), kind: 'journey-message', payload: { userId: ID(9), role: 'BUYER' }, pending_key: ID(9), attempts: 2, delivered: false, dead: false, last_error: 'listings down' },
      { id: ID(2), kind: 'journey-message', payload: { userId: ID(9), role: 'BUYER' }, pending_key: null, attempts: 1, delivered: true, dead: false, last_error: 'no selected listing' },
      { id: ID(3), kind: 'new-message-notice', payload: { messageId: ID(3), receiverId: ID(8), senderName: 'Blake Buyer' }, pending_key: null, attempts: 0, delivered: false, dead: false, last_error: null },
      { id: ID(4), kind: 'new-message-notice', payload: { messageId: ID(4), receiverId: ID(8), senderName: 'Sam Seller' }, pending_key: null, attempts: 1, delivered: false, dead: true, last_error: 'refused: unknown receiver' },
    ]);
    expect(rows.pending).toBe(1);
  });
});
