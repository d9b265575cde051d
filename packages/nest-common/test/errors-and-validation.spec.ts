import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ProbeModule } from './fixtures/probe.module.js';
import { createTestApp } from '../src/testing/test-app.js';
import { parseWith } from '../src/http/zod-validation.js';
import { z } from 'zod';

describe('nest-common errors and validation', () => {
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await createTestApp(ProbeModule, 'probe'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('hides internals of unexpected errors behind 500 "Something went wrong"', async () => {
    const res = await request(app.getHttpServer()).get('/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong' });
    expect(res.text).not.toMatch(/secret_table|\.ts|stack/);
  });

  it('keeps the human message of an HttpException', async () => {
    const res = await request(app.getHttpServer()).get('/probe/bad');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This is the human message' });
  });

  it('answers 404 with {message} for unknown routes', async () => {
    const res = await request(app.getHttpServer()).get('/nowhere');
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(['message']);
  });

  it('a createZodDto body answers 400 with the first issue message and its field', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet').send({ name: '  ', count: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Name is required', field: 'name' });
    const ok = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'Sam' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ message: 'Hello Sam' });
  });

  it('only JSON bodies are parsed: a form-encoded body (what a cross-site HTML form sends) is not accepted', async () => {
    const form = await request(app.getHttpServer()).post('/probe/greet').type('form').send('name=Sam');
    expect(form.status).toBe(400);
    expect(form.body.message).not.toContain('Sam');
    const json = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'Sam' });
    expect(json.status).toBe(201);
  });

  it('the global pipe validates createZodDto bodies, query and params (and applies their defaults)', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'Ann', count: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Count must be at least 1', field: 'count' });
    const long = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'A'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Name is too long', field: 'name' });
    const id = '00000000-0000-4000-8000-000000000001';
    const ok = await request(app.getHttpServer()).get(`/probe/greetings/${id}?lang=es&tone=warm`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: `${id} es 5 warm` });
    const badQuery = await request(app.getHttpServer()).get(`/probe/greetings/${id}?limit=99&tone=warm`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.field).toBe('limit');
    const missing = await request(app.getHttpServer()).get(`/probe/greetings/${id}`);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'tone is required', field: 'tone' }); // no zod wording for a missing field
    const badParam = await request(app.getHttpServer()).get('/probe/greetings/nope?tone=warm');
    expect(badParam.status).toBe(400);
    expect(badParam.body).toEqual({ message: 'Unknown greeting', field: 'id' });
  });

  it('malformed JSON answers 400 {message} without parser internals', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet').set('content-type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['message']);
  });

  it('bodies above 1 MB answer 413 {message}', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('serves the OpenAPI document at /openapi.json with the zod request and response schemas', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const greet = res.body.paths['/probe/greet'].post;
    expect(greet.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 50 }, count: { type: 'integer', minimum: 1 } },
      required: ['name'],
    });
    expect(greet.responses['201'].content['application/json'].schema).toMatchObject({
      type: 'object', properties: { message: { type: 'string' } }, required: ['message'],
    });
    const params = res.body.paths['/probe/greetings/{id}'].get.parameters as Array<{ name: string; in: string; required: boolean; schema: object }>;
    expect(params).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) }),
      expect.objectContaining({ name: 'lang', in: 'query', required: false, schema: expect.objectContaining({ enum: ['en', 'es'] }) }),
      expect.objectContaining({ name: 'limit', in: 'query', required: false }),
    ]));
    expect(params.filter((p) => p.name === 'id')).toHaveLength(1);
  });

  it('parseWith returns the parsed value', () => {
    expect(parseWith(z.object({ a: z.string().trim() }), { a: ' x ' })).toEqual({ a: 'x' });
    expect(() => parseWith(z.object({ a: z.string().min(1, 'A is required') }), { a: '' })).toThrow('A is required');
  });
});
