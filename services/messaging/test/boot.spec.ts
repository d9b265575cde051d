import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { bootstrapService } from '@brokerage/nest-common';
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
    const res = await request(app.getHttpServer()).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('a non-public route answers 401 without identity and 403 for a wrong role', async () => {
    const anon = await request(app.getHttpServer()).get('/messages/contact-requests');
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: 'Authentication required' });
    const buyer = await request(app.getHttpServer()).get('/messages/contact-requests').set(as('buyer'));
    expect(buyer.status).toBe(403);
    expect(buyer.body).toEqual({ message: 'You do not have permission to do this.' });
  });
});
