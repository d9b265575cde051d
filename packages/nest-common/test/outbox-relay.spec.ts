import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { InternalHttpError } from '../src/internal/internal-http-client.js';
import { backoffMs, nameUuid, OutboxRelay, outboxTableSql, type OutboxRow } from '../src/outbox/outbox-relay.js';

interface Kinds {
  ping: { n: number };
  other: { n: number };
}

/** A relay whose consumers answer what the test tells them to (one per kind). */
class TestRelay extends OutboxRelay<Kinds> {
  readonly seen: Array<[string, number]> = [];
  answer: Record<string, () => Promise<string | void>> = {};
  constructor(ds: DataSource, schema: string) {
    super('TestRelay', ds, schema, {
      ping: (p) => this.take('ping', p.n),
      other: (p) => this.take('other', p.n),
    }, { pollMs: 60_000, batchSize: 10, timeoutMs: 500 });
  }
  private async take(kind: string, n: number): Promise<string | void> {
    const note = await (this.answer[kind] ?? (async () => undefined))();
    this.seen.push([kind, n]);
    return note;
  }
}

const upstream = (status: number) => async () => {
  throw new InternalHttpError(status, `status ${status}`, 502);
};

describe('OutboxRelay (one outbox shape, one relay, one refusal policy) on PostgreSQL', () => {
  const schema = `outbox_test_${randomUUID().slice(0, 8)}`;
  let ds: DataSource;
  let relay: TestRelay;
  type Row = OutboxRow & { delivered_at: Date | null; dead_at: Date | null; last_error: string | null; due_in_ms: number };
  const rows = (): Promise<Row[]> =>
    ds.query(`SELECT id, kind, payload, attempts, delivered_at, dead_at, last_error,
      (extract(epoch FROM next_attempt_at - now()) * 1000)::int AS due_in_ms FROM ${schema}.outbox ORDER BY created_at`);
  const add = (kind: keyof Kinds, n: number, o: { pendingKey?: string; id?: string } = {}) => relay.add(ds.manager, kind, { n }, o);

  beforeAll(async () => {
    ds = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
    await ds.query(`CREATE SCHEMA ${schema}`);
    for (const sql of outboxTableSql(schema)) await ds.query(sql);
  });
  afterAll(async () => {
    await ds.query(`DROP SCHEMA ${schema} CASCADE`);
    await ds.destroy();
  });
  beforeEach(async () => {
    await ds.query(`TRUNCATE ${schema}.outbox`);
    relay = new TestRelay(ds, schema);
  });

  it('delivers each row once, in order, and keeps a deliver() note on the delivered row', async () => {
    relay.answer.other = async () => 'nothing to do';
    await add('ping', 1);
    await add('other', 2);
    expect(await relay.drain()).toBe(2);
    expect(await relay.drain()).toBe(0);
    expect(relay.seen).toEqual([['ping', 1], ['other', 2]]);
    const [a, b] = await rows();
    expect(a).toMatchObject({ attempts: 1, dead_at: null, last_error: null });
    expect(a!.delivered_at).not.toBeNull();
    expect(b).toMatchObject({ attempts: 1, last_error: 'nothing to do' });
  });

  it('the same id, or a pending row with the same pendingKey, is kept instead of a second row', async () => {
    const id = randomUUID();
    await add('ping', 1, { id });
    await add('ping', 2, { id });
    await add('ping', 3, { pendingKey: 'user-1' });
    await add('ping', 4, { pendingKey: 'user-1' });
    await add('other', 5, { pendingKey: 'user-1' }); // another kind is another key
    expect((await rows()).map((r) => (r.payload as { n: number }).n)).toEqual([1, 3, 5]);
    await relay.drain();
    await add('ping', 6, { pendingKey: 'user-1' }); // once delivered, the key is free again
    expect(await relay.drain()).toBe(1);
    expect(relay.seen.map(([, n]) => n)).toEqual([1, 3, 5, 6]);
  });

  it.each([400, 404, 409, 410, 413, 422])('an answer %i is final: the row is dead-lettered with the reason, never tried again', async (status) => {
    relay.answer.ping = upstream(status);
    await add('ping', 1);
    await add('ping', 2);
    expect(await relay.drain()).toBe(0);
    const all = await rows();
    expect(all.map((r) => [r.attempts, r.delivered_at, r.last_error])).toEqual([
      [1, null, `refused ${status}: status ${status}`],
      [1, null, `refused ${status}: status ${status}`],
    ]);
    expect(all.every((r) => r.dead_at !== null)).toBe(true);
    await ds.query(`UPDATE ${schema}.outbox SET next_attempt_at = now() - interval '1 hour'`);
    relay.answer.ping = async () => undefined;
    expect(await relay.drain()).toBe(0);
  });

  it.each([401, 403, 408, 429, 500, 503])('an answer %i is retried with back-off; the other kinds go on meanwhile', async (status) => {
    relay.answer.ping = upstream(status);
    await add('ping', 1);
    await add('ping', 2);
    await add('other', 3);
    expect(await relay.drain()).toBe(1);
    expect(relay.seen).toEqual([['other', 3]]);
    const [first, second] = await rows();
    // the failing consumer is called once per batch: the second row waits untouched
    expect(first).toMatchObject({ attempts: 1, delivered_at: null, dead_at: null, last_error: `status ${status}` });
    expect(first!.due_in_ms).toBeGreaterThan(backoffMs(1) / 2);
    expect(second).toMatchObject({ attempts: 0, last_error: null });
    expect(await relay.drain()).toBe(0); // the first row is not due yet; the second, untried, is tried now
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 1, 1]);
    relay.answer.ping = async () => undefined;
    await ds.query(`UPDATE ${schema}.outbox SET next_attempt_at = now()`);
    expect(await relay.drain()).toBe(2);
    expect((await rows()).map((r) => r.attempts)).toEqual([2, 2, 1]);
  });

  it('a consumer that does not answer (or throws) is retried; a kind nobody delivers is dead-lettered', async () => {
    relay.answer.ping = () => new Promise(() => undefined);
    await add('ping', 1);
    await ds.query(`INSERT INTO ${schema}.outbox (id, kind, payload) VALUES ($1, 'retired.kind', '{}')`, [randomUUID()]);
    expect(await relay.drain()).toBe(0);
    const [hung, unknown] = await rows();
    expect(hung).toMatchObject({ attempts: 1, dead_at: null, last_error: 'no answer within 500 ms' });
    expect(unknown).toMatchObject({ attempts: 1, last_error: 'refused: no deliver() for kind retired.kind' });
    expect(unknown!.dead_at).not.toBeNull();
  });

  it('nameUuid gives the event ids documents and messaging gave before (a row relayed again keeps its eventId)', () => {
    expect(nameUuid('sha1', 'brokerage:messages.first:a:b')).toBe('ba650dea-bfda-5314-b082-ee039b87c6c7');
    expect(nameUuid('sha256', 'cbr-cim-download|u|l')).toBe('8e69087e-c3c2-5576-9580-4d6588102270');
  });

  it('back-off doubles from 1 s and stops growing at a minute', () => {
    expect([1, 2, 3, 4, 6, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 32_000, 60_000, 60_000]);
  });

  it('a second relay (another replica) skips the rows the first one holds', async () => {
    await add('ping', 1);
    const holder = ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      expect(await holder.query(`SELECT id FROM ${schema}.outbox FOR UPDATE`)).toHaveLength(1);
      expect(await relay.relayOnce()).toEqual({ claimed: 0, sent: 0 });
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    expect(await relay.drain()).toBe(1);
  });
});
