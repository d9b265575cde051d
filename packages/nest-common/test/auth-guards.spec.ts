import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import { ProbeModule } from './fixtures/probe.module.js';
import { createTestApp } from '../src/testing/test-app.js';
import { signIdentity } from '../src/testing/sign-identity.js';
import { signServiceToken } from '../src/auth/identity-token.js';

const broker = { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER' as const, name: 'Morgan Broker', email: 'broker@example.com' };
const buyer = { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER' as const, name: 'Blake Buyer' };

describe('nest-common auth guards', () => {
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await createTestApp(ProbeModule, 'probe'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 Authentication required without an identity', async () => {
    const res = await request(app.getHttpServer()).get('/probe/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('answers 401 for a token signed with another secret', async () => {
    const token = signIdentity(broker, { secret: 'x'.repeat(40) });
    const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('answers 401 for an expired token and for a token with a wrong audience', async () => {
    const expired = jwt.sign({ role: 'BROKER', name: 'x', exp: Math.floor(Date.now() / 1000) - 10 }, process.env.INTERNAL_JWT_SECRET!, {
      subject: broker.sub, issuer: 'brokerage-gateway', audience: 'brokerage-services',
    });
    const wrongAud = jwt.sign({ role: 'BROKER', name: 'x' }, process.env.INTERNAL_JWT_SECRET!, {
      subject: broker.sub, issuer: 'brokerage-gateway', audience: 'someone-else', expiresIn: 60,
    });
    for (const token of [expired, wrongAud, 'not-a-jwt']) {
      const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', token);
      expect(res.status).toBe(401);
    }
  });

  it('accepts a valid identity and exposes it through @CurrentUser()', async () => {
    const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', signIdentity(broker));
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(broker);
  });

  it('answers 403 for a role not listed in @Roles()', async () => {
    const res = await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', signIdentity(buyer));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    const ok = await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', signIdentity(broker));
    expect(ok.status).toBe(200);
  });

  it('lets a service token through @Roles("SERVICE") and refuses users there', async () => {
    const ok = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', signServiceToken('identity'));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ caller: 'identity' });
    const refused = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', signIdentity(broker));
    expect(refused.status).toBe(403);
  });

  it('public routes work anonymously, attach a valid identity and ignore an invalid one', async () => {
    const anon = await request(app.getHttpServer()).get('/probe/open');
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ user: null });
    const known = await request(app.getHttpServer()).get('/probe/open').set('x-identity-token', signIdentity(buyer));
    expect(known.body.user).toMatchObject({ sub: buyer.sub, role: 'BUYER' });
    const invalid = await request(app.getHttpServer()).get('/probe/open').set('x-identity-token', 'garbage');
    expect(invalid.status).toBe(200);
    expect(invalid.body).toEqual({ user: null });
  });

  it('echoes the x-request-id header', async () => {
    const res = await request(app.getHttpServer()).get('/probe/open').set('x-request-id', 'req-123');
    expect(res.headers['x-request-id']).toBe('req-123');
  });
});
