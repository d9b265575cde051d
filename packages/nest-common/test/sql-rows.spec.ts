import { z } from 'zod';
import { changedCount, firstRow, rows, sqlColumn, SqlRowsMismatchError, toErrorResponse } from '../src/index.js';

const userRow = z.object({ id: z.string(), email: z.string(), created_at: sqlColumn.time, sessions: sqlColumn.count }).describe('userRow');

describe('rows(schema, result): raw SQL results parsed with a zod row schema', () => {
  it('answers the rows typed as the schema says (pg strings for int8 read as numbers, extra columns dropped)', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const got = rows(userRow, [{ id: 'u1', email: 'a@example.com', created_at: at, sessions: '3', password_hash: 'x' }]);
    expect(got).toEqual([{ id: 'u1', email: 'a@example.com', created_at: at, sessions: 3 }]);
    expect(firstRow(userRow, [])).toBeUndefined();
  });

  it('a result of another shape is a 500 with the generic text: no SQL, column or value reaches the caller', () => {
    const bad = [{ id: 'u1', email: 'secret@example.com', created_at: '2026-11-27', sessions: '3' }];
    let thrown: unknown;
    try {
      rows(userRow, bad);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SqlRowsMismatchError);
    expect((thrown as SqlRowsMismatchError).issues.join()).toContain('row 0 created_at');
    const { status, body } = toErrorResponse(thrown);
    expect(status).toBe(500);
    expect(body).toEqual({ message: 'Something went wrong' });
    expect(JSON.stringify(body)).not.toMatch(/created_at|secret|SELECT|userRow/);
  });

  it('a missing column or a result that is not a list is refused too', () => {
    expect(() => rows(userRow, [{ id: 'u1', email: 'a@example.com', sessions: 1 }])).toThrow(SqlRowsMismatchError);
    expect(() => rows(userRow, { rowCount: 1 })).toThrow(SqlRowsMismatchError);
  });
});

describe('changedCount(result): an UPDATE/DELETE result', () => {
  it('answers the row count TypeORM gives, and refuses another shape', () => {
    expect(changedCount([[], 2])).toBe(2);
    expect(() => changedCount([{ id: 'u1' }])).toThrow(SqlRowsMismatchError);
  });
});
