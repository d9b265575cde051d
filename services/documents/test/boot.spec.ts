import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectEveryRouteHasAccessRule, expectForbidden, expectHealthy, expectUnauthenticated } from '@brokerage/nest-common/testing';
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
    const anon = await request(api.getHttpServer()).post('/internal/pdf-jobs').send(body);
    expectUnauthenticated(anon);
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as Who[]) {
      const res = await request(api.getHttpServer()).post('/internal/pdf-jobs').set(as(who)).send(body);
      expectForbidden(res);
    }
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(api);
    expectEveryRouteHasAccessRule(worker);
  });
});
