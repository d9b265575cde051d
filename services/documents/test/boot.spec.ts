import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectEveryRouteHasAccessRule, expectForbidden, expectHealthy, expectInternalOnlyOnInternalPort, expectUnauthenticated, identityHeader, internalRequest, serviceIdentity } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { WorkerModule } from '../src/worker.module.js';
import { as, type Who } from './helpers.js';

describe('documents service and pdf worker boot', () => {
  let api: INestApplication;
  let worker: INestApplication;
  beforeAll(async () => {
    api = await bootstrapService({ name: 'documents', module: AppModule, defaultPort: 3003, port: 0 });
    worker = await bootstrapService({ name: 'documents-worker', module: WorkerModule, defaultPort: 3013, port: 0 });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('both answer GET /health 200 against the real database and Redis', async () => {
    for (const app of [api, worker]) {
      await expectHealthy(app);
    }
  });

  it('the internal pdf-jobs route answers 401 without identity and 403 for user roles', async () => {
    const body = { key: 'boot-test', title: 'Boot test' };
    const anon = await internalRequest(api).post('/internal/pdf-jobs').send(body);
    expectUnauthenticated(anon);
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as Who[]) {
      const res = await internalRequest(api).post('/internal/pdf-jobs').set(as(who)).send(body);
      expectForbidden(res);
    }
  });

  it('serves /internal/* on its internal port only: the public port answers 404 to a valid service call (issue 21 §1)', async () => {
    const res = await expectInternalOnlyOnInternalPort(api, (on) => on.post('/internal/needs-attention')
      .set(identityHeader(serviceIdentity('listings'))).send({ listingIds: [], since: new Date().toISOString() }));
    expect(res.status).toBe(200);
    // the pdf worker: health on both ports, /metrics (its queue's depth) on its internal port only
    expect((await request(worker.getHttpServer()).get('/metrics')).status).toBe(404);
    const metrics = await internalRequest(worker).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/^bullmq_queue_jobs\{queue="pdf",state="waiting",service="[a-z-]+"\} \d+$/m);
    expect((await internalRequest(worker).get('/health/ready')).status).toBe(200);
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(api);
    expectEveryRouteHasAccessRule(worker);
  });
});
