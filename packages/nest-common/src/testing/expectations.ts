import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { MSG } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '../auth/roles.guard.js';
import { internalPort } from '../bootstrap.js';

interface Answer { status: number; body: unknown }

/** GET /health answers 200 with the real database and Redis up. */
export async function expectHealthy(app: INestApplication): Promise<void> {
  const res = await request(app.getHttpServer()).get('/health');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
}

/** 401 with the spec's text: no (valid) identity. */
export function expectUnauthenticated(res: Answer): void {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: MSG.authRequired });
}

/** 403: signed in, but this role may not call the route (or the caller does not own the object). */
export function expectForbidden(res: Answer): void {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: FORBIDDEN_MESSAGE });
}

/** supertest on the internal port of an app started by bootstrapService (/internal/*, health, /metrics: issue 21 §1). */
export function internalRequest(app: INestApplication): ReturnType<typeof request> {
  const port = internalPort(app);
  if (port === null) throw new Error('internalRequest: the app was not started by bootstrapService (no internal port)');
  return request(`http://127.0.0.1:${port}`);
}

/**
 * Issue 21 §1: the public port answers 404 {message} for an internal call, however valid; the internal port serves
 * it. `send` makes the same call on either; the internal port's answer is returned for the caller's own checks.
 */
export async function expectInternalOnlyOnInternalPort(app: INestApplication, send: (on: ReturnType<typeof request>) => request.Test): Promise<Answer> {
  const onPublic = await send(request(app.getHttpServer()));
  expect({ status: onPublic.status, body: onPublic.body }).toEqual({ status: 404, body: { message: MSG.notFound } });
  return send(internalRequest(app));
}
