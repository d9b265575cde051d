import { MSG } from '@brokerage/contracts';
import { ROUTE_TABLE } from '../src/routes/route-table.js';
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

  /** A concrete URL for a table path: every ':param' filled in. */
  const urlFor = (p: string) => p.replace(/:[A-Za-z]+/g, (m) => (m === ':docType' ? 'NDA' : '42'));
  const planned = ROUTE_TABLE.filter((e) => e.status === 'planned');
  const live = ROUTE_TABLE.filter((e) => e.status === 'live' && !e.multipart); // multipart: tests of their own

  it('every planned entry answers 501 {message} without reaching a service', async () => {
    const before = Object.values(ups).reduce((n, u) => n + u.seen.length, 0);
    for (const e of planned) {
      const res = await app.inject({ method: e.method, url: `/api${urlFor(e.path)}` });
      expect([`${e.method} ${e.path}`, res.statusCode, res.json()]).toEqual([`${e.method} ${e.path}`, 501, { message: MSG.notImplemented }]);
    }
    expect(Object.values(ups).reduce((n, u) => n + u.seen.length, 0)).toBe(before);
  });

  it('every live entry reaches its own service with the path rewritten (no /api)', async () => {
    for (const e of live) {
      const url = urlFor(e.path);
      const res = await app.inject({
        method: e.method, url: `/api${url}`,
        ...(['POST', 'PUT', 'PATCH'].includes(e.method) ? { payload: { probe: true } } : {}),
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect([`${e.method} ${e.path}`, res.statusCode]).toEqual([`${e.method} ${e.path}`, 200]);
      expect(res.json()).toMatchObject({ service: e.service, method: e.method, url });
    }
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

  it('refuses non-JSON bodies on non-multipart routes with 415, before any service sees them', async () => {
    const before = ups.messaging.seen.length;
    for (const [type, payload] of [['application/octet-stream', Buffer.alloc(1000, 1)], ['application/x-www-form-urlencoded', 'name=a&phone=1'],
      ['text/plain', '{"name":"a"}'], ['multipart/form-data; boundary=x', '--x--\r\n']] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/callback-request', headers: { 'content-type': type }, payload });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Request body must be JSON' });
    }
    expect(ups.messaging.seen.length).toBe(before);
    // JSON with a charset, and no body at all, are fine
    const ok = await app.inject({ method: 'POST', url: '/api/callback-request', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"name":"a"}' });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
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
