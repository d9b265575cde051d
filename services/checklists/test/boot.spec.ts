import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectEveryRouteHasAccessRule, expectForbidden, expectHealthy, expectUnauthenticated } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { as, type Who } from './helpers.js';

const LISTING = '00000000-0000-4000-8000-000000000101';
const path = `/broker/listings/${LISTING}/pre-close-checklist`;

describe('checklists service boots', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await bootstrapService({ name: 'checklists', module: AppModule, defaultPort: 3005, port: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers GET /health 200 against the real database and Redis', async () => {
    await expectHealthy(app);
  });

  it('the broker checklist route answers 401 without identity and 403 for other roles', async () => {
    const anon = await request(app.getHttpServer()).get(path);
    expectUnauthenticated(anon);
    for (const who of ['agent', 'seller', 'buyer', 'service'] as Who[]) {
      const res = await request(app.getHttpServer()).get(path).set(as(who));
      expectForbidden(res);
    }
  });

  it('refuses a malformed listing id with 400 naming the field', async () => {
    const bad = await request(app.getHttpServer()).get('/broker/listings/nope/pre-close-checklist').set(as('broker'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid listing id', field: 'listingId' });
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(app);
  });
});
