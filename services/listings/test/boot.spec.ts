import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectEveryRouteHasAccessRule, expectForbidden, expectHealthy, expectInternalOnlyOnInternalPort, expectUnauthenticated, identityHeader, internalRequest, serviceIdentity } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { as } from './helpers.js';

describe('listings service boots', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await bootstrapService({ name: 'listings', module: AppModule, defaultPort: 3002, port: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers GET /health 200 against the real database and Redis', async () => {
    await expectHealthy(app);
  });

  it('internal routes answer 401 without identity and 403 for a user role', async () => {
    const anon = await internalRequest(app).get('/internal/listings/00000000-0000-4000-8000-000000000101');
    expectUnauthenticated(anon);
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      const res = await internalRequest(app).get('/internal/listings/00000000-0000-4000-8000-000000000101').set(as(who));
      expectForbidden(res);
    }
    const del = await internalRequest(app).delete('/internal/ndas/00000000-0000-4000-8000-000000000004').set(as('broker'));
    expect(del.status).toBe(403);
  });

  it('serves /internal/* on its internal port only: the public port answers 404 to a valid service call (issue 21 §1)', async () => {
    const res = await expectInternalOnlyOnInternalPort(app, (on) => on.get('/internal/journeys/selected-listing')
      .query({ userId: '00000000-0000-4000-8000-00000000ffff', role: 'BUYER' }).set(identityHeader(serviceIdentity('documents'))));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ listingId: null });
    // the public API is not on the internal port; health is on both
    expect((await internalRequest(app).get('/auth/available-listings')).status).toBe(404);
    expect((await internalRequest(app).get('/health/ready')).status).toBe(200);
  });

  it('serves its OpenAPI document', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/auth/available-listings', '/internal/ndas']));
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(app);
  });
});
