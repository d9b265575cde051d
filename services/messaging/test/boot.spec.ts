import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
import { expectEveryRouteHasAccessRule, expectForbidden, expectHealthy, expectInternalOnlyOnInternalPort, expectUnauthenticated, identityHeader, internalRequest, serviceIdentity } from '@brokerage/nest-common/testing';
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

  it('/openapi.json describes the contact form: its body with field names and limits, and its 201 answer', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    const op = res.body.paths['/auth/contact-message'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['firstName', 'lastName', 'email', 'phone', 'subject', 'message']);
    expect(body.properties).toMatchObject({ subject: { type: 'string', minLength: 1, maxLength: 300 }, message: { type: 'string', maxLength: 5000 } });
    expect(op.responses['201'].content['application/json'].schema).toMatchObject({ properties: { message: { type: 'string' } } });
    const callback = res.body.paths['/callback-request'].post.requestBody.content['application/json'].schema;
    expect(callback.required).toEqual(['firstName', 'lastName', 'email']);
  });

  it('serves /internal/* on its internal port only: the public port answers 404 to a valid service call (issue 21 §1)', async () => {
    const res = await expectInternalOnlyOnInternalPort(app, (on) => on.post('/internal/messages/last-sent')
      .set(identityHeader(serviceIdentity('listings'))).send({ userIds: [] }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [] });
    expect((await internalRequest(app).get('/messages/contact-requests')).status).toBe(404);
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(app);
  });
});
