// Issue 20 §1: a write repeated with the same Idempotency-Key runs once and answers the first answer again; a failed
// first attempt leaves nothing behind; another caller's or another key's write is its own.
import { Body, Controller, HttpCode, Module, Post, type INestApplication } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import request from 'supertest';
import { IDEMPOTENCY_MSG } from '@brokerage/contracts';
import { CommonModule } from '../src/common.module.js';
import { bootstrapService } from '../src/bootstrap.js';
import { Public } from '../src/auth/public.decorator.js';
import { Roles } from '../src/auth/roles.decorator.js';
import { signIdentity } from '../src/testing/sign-identity.js';
import { afterCommit, ambientTransaction } from '../src/idempotency/ambient-transaction.js';

class CreateSends1700000000001 implements MigrationInterface {
  name = 'CreateSends1700000000001';
  async up(q: QueryRunner) {
    await q.query('CREATE SCHEMA IF NOT EXISTS "nestcommon_idem"');
    await q.query('CREATE TABLE IF NOT EXISTS "nestcommon_idem"."sends" (id serial PRIMARY KEY, text text)');
  }
  async down(q: QueryRunner) { await q.query('DROP TABLE "nestcommon_idem"."sends"'); }
}

let failNext = false;
/** The crash probe waits here after its write (the test "kills" its connection meanwhile). */
let gate: Promise<void> = Promise.resolve();
/** The database session the crash probe's write went through. */
let writerPid = 0;
/** What a reader on its own connection saw when the write's after-commit work ran (as a live event's listener would). */
let seenByListener: number | null = null;

@Controller('probe')
class SendController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}
  @Post('send')
  @Public()
  async send(@Body() body: { text: string }) {
    await new Promise((r) => setTimeout(r, 150)); // long enough for a concurrent repeat to meet it pending
    if (failNext) { failNext = false; throw new Error('boom'); }
    const [row] = await this.ds.query('INSERT INTO sends (text) VALUES ($1) RETURNING id', [body.text]);
    return { id: row.id as number, text: body.text };
  }
  /** Writes, then queues a "live event" whose listener reads the row on a connection of its own. */
  @Post('write-then-announce')
  @Public()
  async writeThenAnnounce(@Body() body: { text: string }) {
    await this.ds.query('INSERT INTO sends (text) VALUES ($1)', [body.text]);
    await afterCommit(async () => {
      // outside the request's context: a connection of its own, as a listener in another process has
      const rows = await ambientTransaction.exit(() => this.ds.query('SELECT count(*)::int AS n FROM nestcommon_idem.sends WHERE text = $1', [body.text]));
      seenByListener = Number(rows[0].n);
    });
    return { ok: true };
  }
  /** Writes, then fails: the key was reserved and the row written before the error. */
  @Post('write-then-fail')
  @Public()
  async writeThenFail(@Body() body: { text: string }) {
    await this.ds.query('INSERT INTO sends (text) VALUES ($1)', [body.text]);
    throw new Error('failed after the write');
  }
  /** Writes, then waits for the test (which ends the request's database session, as a process that died would). */
  @Post('write-then-wait')
  @Public()
  async writeThenWait(@Body() body: { text: string }) {
    const [row] = await this.ds.query('INSERT INTO sends (text) VALUES ($1) RETURNING id', [body.text]);
    writerPid = (await this.ds.query('SELECT pg_backend_pid() AS pid'))[0].pid;
    await gate;
    return { id: row.id as number };
  }
  /** A service's usual shapes inside one keyed write: a transaction, a caught failing statement, parallel queries. */
  @Post('shapes')
  @Public()
  async shapes(@Body() body: { text: string }) {
    const [row] = await this.ds.transaction(async (m) => {
      const r = await m.query('INSERT INTO sends (text) VALUES ($1) RETURNING id', [body.text]);
      await this.ds.query('INSERT INTO sends (text) VALUES ($1)', [`${body.text}-joined`]); // the callback's own ds.query
      return r;
    });
    const dup = await this.ds.query('INSERT INTO sends (id, text) VALUES ($1, $2)', [row.id, body.text]).then(() => 'inserted', (e: { code?: string }) => e.code);
    await Promise.all([1, 2].map((n) => this.ds.transaction((m) => m.query('INSERT INTO sends (text) VALUES ($1)', [`${body.text}-${n}`]))));
    await this.ds.transaction(async (m) => {
      await m.query('INSERT INTO sends (text) VALUES ($1)', [`${body.text}-undone`]);
      throw new Error('rolled back');
    }).catch(() => undefined);
    return { id: row.id as number, dup };
  }
  @Post('mine')
  @Roles('BUYER')
  @HttpCode(200)
  async mine(@Body() body: { text: string }) {
    const [row] = await this.ds.query('INSERT INTO sends (text) VALUES ($1) RETURNING id', [body.text]);
    return { id: row.id as number };
  }
}

@Module({
  imports: [CommonModule.forRoot({ name: 'nestcommon_idem', entities: [], migrations: [CreateSends1700000000001] })],
  controllers: [SendController],
})
class IdemModule {}

describe('Idempotency-Key on writes', () => {
  let app: INestApplication;
  let ds: DataSource;
  const count = async (text: string) => Number((await ds.query('SELECT count(*)::int AS n FROM nestcommon_idem.sends WHERE text = $1', [text]))[0].n);
  beforeAll(async () => {
    app = await bootstrapService({ name: 'nestcommon_idem', module: IdemModule, defaultPort: 3999, port: 0 });
    ds = app.get<DataSource>((await import('typeorm')).DataSource);
  }, 60_000);
  afterAll(async () => { await app?.close(); });
  const send = (key: string | null, text: string) => {
    const r = request(app.getHttpServer()).post('/probe/send').send({ text });
    return key ? r.set('idempotency-key', key) : r;
  };

  it('a repeat with the same key answers the same body and status and writes nothing more', async () => {
    const first = await send('k-repeat', 'repeat');
    const again = await send('k-repeat', 'repeat');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('repeat')).toBe(1);
  });

  it('a repeat sent while the first still runs waits for it: both answered alike, one write', async () => {
    const [a, b] = await Promise.all([send('k-race', 'race'), send('k-race', 'race')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await count('race')).toBe(1);
  });

  it('without a key, or with another key, each request is its own write', async () => {
    await send(null, 'plain');
    await send(null, 'plain');
    await send('k-one', 'two-keys');
    await send('k-two', 'two-keys');
    expect(await count('plain')).toBe(2);
    expect(await count('two-keys')).toBe(2);
  });

  it('a first attempt that failed leaves nothing: its repeat runs', async () => {
    failNext = true;
    expect((await send('k-fail', 'fail')).status).toBe(500);
    const retry = await send('k-fail', 'fail');
    expect(retry.status).toBe(201);
    expect(await count('fail')).toBe(1);
  });

  it('the same key from two callers is two writes; a bad key is refused 400', async () => {
    const as = (sub: string) => request(app.getHttpServer()).post('/probe/mine').set('idempotency-key', 'shared')
      .set('x-identity-token', signIdentity({ sub, role: 'BUYER', name: sub })).send({ text: 'callers' });
    const a = await as('00000000-0000-4000-8000-0000000000a1');
    const b = await as('00000000-0000-4000-8000-0000000000b2');
    expect(a.status).toBe(200);
    expect(b.body.id).not.toBe(a.body.id);
    expect(await count('callers')).toBe(2);
    const bad = await request(app.getHttpServer()).post('/probe/send').set('idempotency-key', 'x'.repeat(201)).send({ text: 'bad' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: IDEMPOTENCY_MSG.badKey });
  });

  // ── the key and the write in one transaction (a crash between them never lets a retry write twice) ──
  const keys = async (suffix: string) => Number((await ds.query(
    `SELECT count(*)::int AS n FROM nestcommon_idem.idempotency_keys WHERE scope LIKE '%' || $1`, [suffix]))[0].n);
  const post = (path: string, key: string, text: string) =>
    request(app.getHttpServer()).post(`/probe/${path}`).set('idempotency-key', key).send({ text });

  it('work queued with afterCommit inside a keyed write (live events) runs once the write is visible to others, before the answer', async () => {
    for (const key of ['k-announce', null]) {
      seenByListener = null;
      const text = `announce-${key ?? 'nokey'}`;
      const r = request(app.getHttpServer()).post('/probe/write-then-announce').send({ text });
      const res = await (key ? r.set('idempotency-key', key) : r);
      expect(res.status).toBe(201);
      expect(seenByListener).toBe(1);
    }
  });

  it('a write that fails after its key was reserved leaves neither the write nor the key', async () => {
    expect((await post('write-then-fail', 'k-wtf', 'wtf')).status).toBe(500);
    expect(await count('wtf')).toBe(0);
    expect(await keys(' k-wtf')).toBe(0);
  });

  it('a process that dies after the write, before the key is done, leaves no write: the retry writes once and its answer is repeated', async () => {
    let open!: () => void;
    gate = new Promise((r) => { open = r; });
    const first = post('write-then-wait', 'k-crash', 'crash').then((r) => r);
    try {
      // the request's write is in: end its database session as the death of its process would
      writerPid = 0;
      for (let i = 0; i < 100 && !writerPid; i++) await new Promise((r) => setTimeout(r, 50));
      expect(writerPid).toBeGreaterThan(0);
      await ds.query('SELECT pg_terminate_backend($1)', [writerPid]);
    } finally {
      open();
    }
    expect((await first).status).toBeGreaterThanOrEqual(500);
    expect(await count('crash')).toBe(0);
    const retry = await post('write-then-wait', 'k-crash', 'crash');
    expect(retry.status).toBe(201);
    const again = await post('write-then-wait', 'k-crash', 'crash');
    expect(again.body).toEqual(retry.body);
    expect(await count('crash')).toBe(1);
    expect(await keys(' k-crash')).toBe(1);
  });

  it('inside a keyed write, transactions, a caught failing statement and parallel writes behave as without a key', async () => {
    const res = await post('shapes', 'k-shapes', 'shape');
    expect(res.status).toBe(201);
    expect(res.body.dup).toBe('23505');
    const texts = (await ds.query(`SELECT text FROM nestcommon_idem.sends WHERE text LIKE 'shape%' ORDER BY text`)).map((r: { text: string }) => r.text);
    expect(texts).toEqual(['shape', 'shape-1', 'shape-2', 'shape-joined']);
    const again = await post('shapes', 'k-shapes', 'shape');
    expect(again.body).toEqual(res.body);
    expect(await count('shape')).toBe(1);
  });
});
