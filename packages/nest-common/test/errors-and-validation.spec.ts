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

  it('ZodBody answers 400 with the first issue message and its field', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet').send({ name: '  ', count: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Name is required', field: 'name' });
    const ok = await request(app.getHttpServer()).post('/probe/greet').send({ name: 'Sam' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ message: 'Hello Sam' });
  });

  it('the global pipe validates createZodDto bodies', async () => {
    const res = await request(app.getHttpServer()).post('/probe/greet-dto').send({ name: 'Ann', count: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Count must be at least 1', field: 'count' });
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

  it('serves the OpenAPI document at /openapi.json', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/probe/greet');
  });

  it('parseWith returns the parsed value', () => {
    expect(parseWith(z.object({ a: z.string().trim() }), { a: ' x ' })).toEqual({ a: 'x' });
    expect(() => parseWith(z.object({ a: z.string().min(1, 'A is required') }), { a: '' })).toThrow('A is required');
  });
});
