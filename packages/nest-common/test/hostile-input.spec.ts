import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { INPUT_MSG } from '@brokerage/contracts';
import { ProbeModule } from './fixtures/probe.module.js';
import { createTestApp } from '../src/testing/test-app.js';
import { parseWith } from '../src/http/zod-validation.js';
import { findHostileInput } from '../src/http/hostile-input.js';
import { z } from 'zod';

/** Issue 18 §3: NUL (PostgreSQL refuses 0x00), lone surrogates, huge strings, deep nesting, prototype keys: 4xx, never 5xx. */
describe('nest-common refuses hostile input at the edge', () => {
  let app: INestApplication;
  const id = '00000000-0000-4000-8000-000000000001';
  const http = () => request(app.getHttpServer());
  const json = (path: string, raw: string) => http().post(path).set('content-type', 'application/json').send(raw);

  beforeAll(async () => {
    ({ app } = await createTestApp(ProbeModule, 'probe'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('a NUL in a JSON text field answers 400 with the field, before the handler runs', async () => {
    const res = await http().post('/probe/greet').send({ name: 'Sa\u0000m' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INPUT_MSG.nul, field: 'name' });
    expect(INPUT_MSG.nul).toBe('Text must not contain NUL characters');
    const nested = await http().post('/probe/echo').send({ a: { b: ['fine', 'x\u0000'] } });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({ message: INPUT_MSG.nul, field: 'a.b.1' });
    const inKey = await http().post('/probe/echo').send({ a: { ['k\u0000']: 1 } });
    expect(inKey.status).toBe(400);
    expect(inKey.body).toEqual({ message: INPUT_MSG.nul, field: 'a' });
    const ok = await http().post('/probe/echo').send({ a: { b: ['fine'] } });
    expect(ok.status).toBe(200);
  });

  it('a NUL in a query string or a path parameter answers 400 with its name', async () => {
    const query = await http().get(`/probe/greetings/${id}?tone=wa%00rm`);
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ message: INPUT_MSG.nul, field: 'tone' });
    const param = await http().get('/probe/echo/ab%00c');
    expect(param.status).toBe(400);
    expect(param.body).toMatchObject({ message: INPUT_MSG.nul });
    const zodParam = await http().get(`/probe/greetings/${id}%00?tone=warm`);
    expect(zodParam.status).toBe(400);
    expect(zodParam.body).toMatchObject({ message: INPUT_MSG.nul });
    const fine = await http().get('/probe/echo/abc');
    expect(fine.body).toEqual({ text: 'abc' });
  });

  it('a lone UTF-16 surrogate answers 400 (body, key, query); a real pair passes', async () => {
    const lone = await json('/probe/greet', '{"name":"a\\ud800b"}');
    expect(lone.status).toBe(400);
    expect(lone.body).toEqual({ message: INPUT_MSG.loneSurrogate, field: 'name' });
    const low = await json('/probe/echo', '{"x":{"\\udc00":1}}');
    expect(low.status).toBe(400);
    expect(low.body).toEqual({ message: INPUT_MSG.loneSurrogate, field: 'x' });
    const pair = await json('/probe/greet', '{"name":"\\ud83d\\ude00"}');
    expect(pair.status).toBe(201);
    // a path or query with invalid UTF-8 never becomes a lone surrogate, and never a 5xx
    const badUtf8 = await http().get('/probe/echo/%ED%A0%80');
    expect(badUtf8.status).toBeLessThan(500);
    const badQuery = await http().get(`/probe/greetings/${id}?tone=%ED%A0%80`);
    expect(badQuery.status).toBeLessThan(500);
  });

  it('a 1 MB string answers 413 in a body and 431 in a query, never 5xx', async () => {
    const body = await http().post('/probe/echo').send({ s: 'x'.repeat(1024 * 1024) });
    expect(body.status).toBe(413);
    expect(body.body).toEqual({ message: expect.any(String) });
    const query = await http().get(`/probe/greetings/${id}?tone=${'x'.repeat(1024 * 1024)}`).catch((err: { status?: number }) => err);
    expect(query.status).toBe(431);
  });

  it('10,000 levels of nesting answer 400 "nested too deeply" (arrays and objects); 30 levels pass', async () => {
    const arrays = '['.repeat(10_000) + ']'.repeat(10_000);
    const a = await json('/probe/echo', arrays);
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ message: INPUT_MSG.tooDeep });
    const objects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const o = await json('/probe/greet', objects);
    expect(o.status).toBe(400);
    expect(o.body).toEqual({ message: INPUT_MSG.tooDeep });
    const fine = await json('/probe/echo', '{"a":'.repeat(30) + '1' + '}'.repeat(30));
    expect(fine.status).toBe(200);
  });

  it('__proto__, constructor and prototype keys answer 400 and pollute nothing', async () => {
    const proto = await json('/probe/echo', '{"name":"x","__proto__":{"polluted":true}}');
    expect(proto.status).toBe(400);
    expect(proto.body).toEqual({ message: INPUT_MSG.reservedKey, field: '__proto__' });
    const ctor = await json('/probe/greet', '{"name":"x","nested":{"constructor":{"prototype":{"polluted":true}}}}');
    expect(ctor.status).toBe(400);
    expect(ctor.body).toEqual({ message: INPUT_MSG.reservedKey, field: 'nested.constructor' });
    const query = await http().get(`/probe/greetings/${id}?tone=warm&constructor=1`);
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ message: INPUT_MSG.reservedKey, field: 'constructor' });
    const bracket = await http().get(`/probe/greetings/${id}?tone=warm&__proto__[polluted]=1`);
    expect(bracket.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parseWith refuses the same (multipart fields read by a route go through it)', () => {
    expect(() => parseWith(z.object({ a: z.string() }), { a: 'x\u0000' })).toThrow(INPUT_MSG.nul);
    expect(() => parseWith(z.object({ a: z.string() }), { a: '\ud800' })).toThrow(INPUT_MSG.loneSurrogate);
    expect(findHostileInput({ a: ['ok', { b: 'fine' }] })).toBeNull();
    expect(findHostileInput({ a: [{ b: 'x\u0000' }] })).toEqual({ message: INPUT_MSG.nul, field: 'a.0.b' });
  });
});
