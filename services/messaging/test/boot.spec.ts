import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectForbidden, expectHealthy, expectUnauthenticated } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { as } from './helpers.js';

describe('messaging service boots', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await bootstrapService({ name: 'messaging', module: AppModule, defaultPort: 3004, port: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers GET /health 200 against the real database and Redis', async () => {
    await expectHealthy(app);
  });

  it('a non-public route answers 401 without identity and 403 for a wrong role', async () => {
    const anon = await request(app.getHttpServer()).get('/messages/contact-requests');
    expectUnauthenticated(anon);
    const buyer = await request(app.getHttpServer()).get('/messages/contact-requests').set(as('buyer'));
    expectForbidden(buyer);
  });
});
