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

class CreateSends1700000000001 implements MigrationInterface {
  name = 'CreateSends1700000000001';
  async up(q: QueryRunner) {
    await q.query('CREATE SCHEMA IF NOT EXISTS "nestcommon_idem"');
    await q.query('CREATE TABLE IF NOT EXISTS "nestcommon_idem"."sends" (id serial PRIMARY KEY, text text)');
  }
  async down(q: QueryRunner) { await q.query('DROP TABLE "nestcommon_idem"."sends"'); }
}

let failNext = false;

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
});
