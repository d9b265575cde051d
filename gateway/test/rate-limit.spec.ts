import { randomUUID } from 'node:crypto';
import { MSG } from '@brokerage/contracts';
import { gateway, startUpstream, type Upstream } from './helpers.js';

describe('rate limits shared through Redis', () => {
  let identity: Upstream;
  let a: Awaited<ReturnType<typeof gateway>>;
  let b: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => {
    identity = await startUpstream('identity', (r, res) => {
      res.statusCode = r.url === '/auth/login' ? 401 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Invalid email or password' }));
      return true;
    });
    const limits = { RATE_LIMIT_LOGIN_PER_MINUTE: '10', RATE_LIMIT_RESET_PER_MINUTE: '5' };
    a = await gateway({ UPSTREAM_IDENTITY: identity.url, ...limits });
    b = await gateway({ UPSTREAM_IDENTITY: identity.url, ...limits });
  });
  afterAll(async () => { await a.close(); await b.close(); await identity.close(); });

  const login = (app: typeof a, email: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' }, remoteAddress: ip });

  it('POST /api/auth/login: 10 per minute per IP + e-mail, counted across two gateway instances', async () => {
    const email = `${randomUUID()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a : b, email);
      expect(res.statusCode).toBe(401);
    }
    const upstreamCalls = identity.seen.length;
    for (const app of [a, b]) {
      const res = await login(app, email);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: MSG.tooManyAttempts });
    }
    expect(identity.seen.length).toBe(upstreamCalls); // limited requests never reach identity
    // same IP, other e-mail: its own budget; same e-mail, other IP: its own budget
    expect((await login(a, `${randomUUID()}@example.com`)).statusCode).toBe(401);
    expect((await login(b, email, '10.0.0.2')).statusCode).toBe(401);
    // the e-mail key is case- and space-insensitive
    expect((await login(a, `  ${email.toUpperCase()} `)).statusCode).toBe(429);
  });

  it('POST /api/auth/reset-password: 5 per minute per IP, shared', async () => {
    const ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? a : b).inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: `${i}@x.co` }, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    const res = await a.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: 'z@x.co' }, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: MSG.tooManyAttempts });
  });

  it('other routes are not limited', async () => {
    for (let i = 0; i < 15; i++) expect((await a.inject({ method: 'GET', url: '/api/users', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});

describe('rate limits are configurable per deployment', () => {
  it('RATE_LIMIT_LOGIN_PER_MINUTE sets the sign-in budget (default 10)', async () => {
    const identity = await startUpstream('identity', (_r, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Invalid email or password' }));
      return true;
    });
    const app = await gateway({ UPSTREAM_IDENTITY: identity.url, RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
    try {
      const email = `${randomUUID()}@example.com`;
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'x' }, remoteAddress: '10.9.9.9' })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
      await identity.close();
    }
  });
});
