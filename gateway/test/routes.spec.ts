import { MSG } from '@brokerage/contracts';
import { gateway, startUpstream, type Upstream } from './helpers.js';

describe('route table through the gateway', () => {
  const ups: Record<string, Upstream> = {};
  let app: Awaited<ReturnType<typeof gateway>>;

  beforeAll(async () => {
    for (const s of ['identity', 'listings', 'documents', 'messaging', 'checklists']) ups[s] = await startUpstream(s);
    app = await gateway(Object.fromEntries(Object.entries(ups).map(([s, u]) => [`UPSTREAM_${s.toUpperCase()}`, u.url])));
  });
  afterAll(async () => {
    await app.close();
    await Promise.all(Object.values(ups).map((u) => u.close()));
  });

  it.each([
    ['POST', '/api/auth/register', 'identity', '/auth/register'],
    ['POST', '/api/auth/login', 'identity', '/auth/login'],
    ['POST', '/api/auth/logout', 'identity', '/auth/logout'],
    ['GET', '/api/auth/check-session', 'identity', '/auth/check-session'],
    ['POST', '/api/auth/restore-session', 'identity', '/auth/restore-session'],
    ['POST', '/api/auth/reset-password', 'identity', '/auth/reset-password'],
    ['GET', '/api/users', 'identity', '/users'],
    ['GET', '/api/users/by-role?role=SELLER', 'identity', '/users/by-role?role=SELLER'],
    ['POST', '/api/auth/nda-submit', 'identity', '/auth/nda-submit'],
    ['GET', '/api/auth/available-listings', 'listings', '/auth/available-listings'],
    ['POST', '/api/auth/contact-message', 'messaging', '/auth/contact-message'],
    ['POST', '/api/callback-request', 'messaging', '/callback-request'],
    ['GET', '/api/messages/contact-requests', 'messaging', '/messages/contact-requests'],
    ['GET', '/api/health/listings', 'listings', '/health'],
    ['GET', '/api/health/checklists', 'checklists', '/health'],
  ])('live %s %s → %s %s', async (method, url, service, upstreamUrl) => {
    const res = await app.inject({ method: method as 'GET', url, ...(method === 'POST' ? { payload: { email: `x${Math.random()}@example.com` } } : {}) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service, method, url: upstreamUrl });
  });

  it.each([
    ['GET', '/api/seller/dashboard'],
    ['POST', '/api/seller/listings/42/documents'],
    ['PUT', '/api/buyer/listings/7/pre-close-checklist/item'],
    ['GET', '/api/broker/buyers/1/listings/2/due-diligence'],
    ['PATCH', '/api/broker/sellers/9/archive'],
    ['DELETE', '/api/messages/12'],
    ['PUT', '/api/messages/12/read'],
    ['POST', '/api/admin/users'],
    ['GET', '/api/agent/listings/5/progress'],
    ['GET', '/api/buyer/listings/3/due-diligence/download/NDA'],
  ])('planned %s %s → 501', async (method, url) => {
    const before = Object.values(ups).reduce((n, u) => n + u.seen.length, 0);
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ message: MSG.notImplemented });
    expect(Object.values(ups).reduce((n, u) => n + u.seen.length, 0)).toBe(before);
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/seller/dashboard/extra'],
    ['GET', '/api/internal/sessions/resolve'],
    ['POST', '/api/internal/sessions/resolve'],
    ['GET', '/api/health/unknown'],
    ['GET', '/api'],
  ])('unknown %s %s → 404 JSON', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.notFound });
  });

  it('a known path with another method → 405', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/auth/login' });
    expect(res.statusCode).toBe(405);
  });

  it('passes the query string and request id upstream, and answers with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/by-role?role=BUYER', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const seen = ups.identity.seen.at(-1)!;
    expect(seen.url).toBe('/users/by-role?role=BUYER');
    expect(seen.headers['x-request-id']).toBe('abc-123');
    const gen = await app.inject({ method: 'GET', url: '/api/users' });
    expect(gen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ups.identity.seen.at(-1)!.headers['x-request-id']).toBe(gen.headers['x-request-id']);
  });

  it('forwards JSON bodies unchanged in meaning', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'A', email: 'a@b.co' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(ups.identity.seen.at(-1)!.body)).toEqual({ name: 'A', email: 'a@b.co' });
  });

  it('rejects JSON over 1 MB with 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('streams non-JSON bodies and limits them to 1 MB on non-multipart routes', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/callback-request', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(1000, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bodyLength).toBe(1000);
    const big = await app.inject({ method: 'POST', url: '/api/callback-request', headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(1024 * 1024 + 1, 1) });
    expect(big.statusCode).toBe(413);
  });

  it('strips identity headers coming from outside; anonymous requests carry none', async () => {
    await app.inject({ method: 'GET', url: '/api/users', headers: { 'x-identity-token': 'forged', 'x-user-id': '1', 'x-user-role': 'BROKER' } });
    const h = ups.identity.seen.at(-1)!.headers;
    expect(h['x-identity-token']).toBeUndefined();
    expect(h['x-user-id']).toBeUndefined();
    expect(h['x-user-role']).toBeUndefined();
  });

  it('an invalid session token is just anonymous', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: { 'x-session-token': '00000000-0000-4000-8000-000000000001' } });
    expect(res.statusCode).toBe(200);
    expect(ups.identity.seen.at(-1)!.headers['x-identity-token']).toBeUndefined();
  });

  it('refuses path traversal and bad encodings without reaching a service', async () => {
    const before = ups.identity.seen.length;
    for (const url of ['/api/auth/%2e%2e', '/api/users/%E0%A4%A', '/api/auth/..%2f..%2finternal']) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect(ups.identity.seen.length).toBe(before);
  });

  it('HEAD on a live GET route is proxied', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/auth/check-session' });
    expect(res.statusCode).toBe(200);
    expect(ups.identity.seen.at(-1)!.method).toBe('HEAD');
  });
});
