import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { MSG } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '../auth/roles.guard.js';

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
