import { acrossMigration } from '@brokerage/nest-common/testing';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { DOCUMENTS_MIGRATIONS } from '../src/entities.js';

const ID = (n: number) => `00000000-0000-4000-8000-0000000f00${String(n).padStart(2, '0')}`;

describe('migration to the one outbox shape (documents.journey_outbox → documents.outbox)', () => {
  it('moves every row as kind journey-step: undelivered stays due, sent is delivered, a 4xx-closed one is dead', async () => {
    const rows = await acrossMigration('documents', DOCUMENTS_MIGRATIONS, OneOutboxShape1764800000000, (q) => q.query(
      `INSERT INTO documents.journey_outbox (id, payload, sent_at, attempts, last_error) VALUES
        ($1, '{"stepId":5}', NULL, 2, 'listings down'), ($2, '{"stepId":4}', now(), 1, NULL), ($3, '{"stepId":2}', now(), 1, 'refused 404: gone')`,
      [ID(1), ID(2), ID(3)],
    ), (q) => q.query(
      `SELECT id, kind, payload, attempts, delivered_at IS NOT NULL AS delivered, dead_at IS NOT NULL AS dead, last_error
        FROM documents.outbox WHERE id = ANY($1) ORDER BY id`,
      [[ID(1), ID(2), ID(3)]],
    ));
    expect(rows).toEqual([
      { id: ID(1), kind: 'journey-step', payload: { stepId: 5 }, attempts: 2, delivered: false, dead: false, last_error: 'listings down' },
      { id: ID(2), kind: 'journey-step', payload: { stepId: 4 }, attempts: 1, delivered: true, dead: false, last_error: null },
      { id: ID(3), kind: 'journey-step', payload: { stepId: 2 }, attempts: 1, delivered: false, dead: true, last_error: 'refused 404: gone' },
    ]);
  });
});
