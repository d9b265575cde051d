import net from 'node:net';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { MSG, SESSION_COOKIE_SECURE } from '@brokerage/contracts';
import { loadConfig } from '../src/config.js';
import { cacheSession, gateway, startUpstream, type Upstream } from './helpers.js';

type App = Awaited<ReturnType<typeof gateway>>;

/** identity stand-in: login answers 200 for password "right", 401 otherwise; everything else 200. */
async function identityStandIn(): Promise<Upstream> {
  return startUpstream('identity', (r, res) => {
    res.setHeader('content-type', 'application/json');
    if (r.url === '/auth/login') {
      const ok = JSON.parse(r.body || '{}').password === 'right';
      res.statusCode = ok ? 200 : 401;
      if (ok) res.setHeader('set-cookie', 'bb_session=planted; HttpOnly; Path=/');
      res.end(JSON.stringify(ok ? { sessionToken: 'x' } : { message: 'Invalid email or password' }));
      return true;
    }
    if (r.url === '/internal/sessions/resolve') { res.statusCode = 401; res.end('{"message":"Authentication required"}'); return true; }
    return false;
  });
}

const loginCalls = (u: Upstream) => u.seen.filter((r) => r.url === '/auth/login').length;
// A fresh client address per call: per-IP budgets of one test never leak into another.
let lastIp = 0;
const ip = () => { lastIp += 1; return `198.51.${100 + (lastIp >> 8)}.${lastIp & 255}`; };

describe('trusted proxies', () => {
  let identity: Upstream;
  let app: App;
  beforeAll(async () => {
    identity = await identityStandIn();
    app = await gateway({ UPSTREAM_IDENTITY: identity.url, TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '3' });
  });
  afterAll(async () => { await app.close(); await identity.close(); });

  const login = (remoteAddress: string, xff?: string) => app.inject({
    method: 'POST', url: '/api/auth/login', remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {}, payload: { email: `${randomUUID()}@example.com`, password: 'wrong' },
  });

  it('a spoofed X-Forwarded-For from an untrusted peer does not change the bucket (nor reach the service)', async () => {
    const peer = ip();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login(peer, `203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect(identity.seen.at(-1)!.headers['x-forwarded-for']).toBe(peer);
  });

  it('behind a listed proxy the client address from X-Forwarded-For is the bucket', async () => {
    const a = ip(); const b = ip();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login('10.1.2.3', `1.2.3.4, ${a}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await login('127.0.0.1', b)).statusCode).toBe(401); // another client behind the same proxy
    expect(identity.seen.at(-1)!.headers['x-forwarded-for']).toBe(b);
  });

  it('TRUST_PROXY=1 (trust every hop) is refused at start; TRUSTED_PROXIES entries are checked', () => {
    const base = { REDIS_URL: 'redis://x', IDENTITY_JWT_PRIVATE_KEY: '{}', SERVICE_JWT_PRIVATE_KEY: '{}', SESSION_CACHE_PUBLIC_KEYS: '{}' };
    expect(() => loadConfig({ ...base, TRUST_PROXY: '1' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ ...base, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
    expect(loadConfig({ ...base, TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('CSRF: JSON bodies only, same-origin unsafe requests', () => {
  let identity: Upstream;
  let listings: Upstream;
  let app: App;
  beforeAll(async () => {
    identity = await identityStandIn();
    listings = await startUpstream('listings');
    app = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url });
  });
  afterAll(async () => { await app.close(); await identity.close(); await listings.close(); });

  it('a cross-site form POST to /api/auth/login never reaches identity and plants no session', async () => {
    const before = loginCalls(identity);
    const form = await app.inject({
      method: 'POST', url: '/api/auth/login', payload: 'email=broker%40example.com&password=right',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.headers['set-cookie']).toBeUndefined();
    // even as JSON (text/plain and forms are the only bodies a cross-site page can send without a preflight)
    const json = await app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: 'broker@example.com', password: 'right' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(json.statusCode).toBe(403);
    expect(json.json()).toEqual({ message: 'Cross-site request refused' });
    expect(json.headers['set-cookie']).toBeUndefined();
    expect(loginCalls(identity)).toBe(before);
  });

  it('a mail client\'s one-click unsubscribe form (RFC 8058) reaches identity; a form to any other route stays 415', async () => {
    const oneClick = await app.inject({
      method: 'POST', url: '/api/auth/unsubscribe?token=abc.def', payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(identity.seen.at(-1)!.url).toBe('/auth/unsubscribe?token=abc.def');
    // a mail client holding the portal's cookie too (no Origin, no Sec-Fetch-Site): the token decides, not the cookie
    const withCookie = await app.inject({
      method: 'POST', url: '/api/auth/unsubscribe?token=ghi.jkl', payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_COOKIE_SECURE}=someone` },
    });
    expect(withCookie.statusCode).toBe(200);
    expect(identity.seen.at(-1)!.url).toBe('/auth/unsubscribe?token=ghi.jkl');
    const other = await app.inject({
      method: 'POST', url: '/api/auth/reset-password', payload: 'email=broker%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(other.statusCode).toBe(415);
  });

  it('same-origin sign-in (Sec-Fetch-Site, or a matching Origin) goes through', async () => {
    const payload = { email: 'broker@example.com', password: 'right' };
    const viaFetchSite = await app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(viaFetchSite.statusCode).toBe(200);
    const viaOrigin = await app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { host: 'site.example:8080', origin: 'https://site.example:8080' } });
    expect(viaOrigin.statusCode).toBe(200);
    const otherOrigin = await app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { host: 'site.example:8080', origin: 'https://site.example.evil.com' } });
    expect(otherOrigin.statusCode).toBe(403);
  });

  it('an unsafe request authenticated by the cookie alone needs same-origin provenance; the session header does not', async () => {
    const cookie = '__Host-bb_session=' + 'c'.repeat(43);
    const logouts = () => identity.seen.filter((r) => r.url === '/auth/logout').length;
    const seen = logouts();
    for (const headers of [{ cookie }, { cookie, 'sec-fetch-site': 'same-site' }, { cookie, origin: 'null' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers });
      expect(res.statusCode).toBe(403);
    }
    expect(logouts()).toBe(seen);
    const same = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
    const header = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: { cookie, 'x-session-token': 'c'.repeat(43), 'sec-fetch-site': 'cross-site' } });
    expect(header.statusCode).toBe(200);
    // safe methods are not affected
    expect((await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { cookie, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });
});

describe('Cache-Control and timeouts', () => {
  it('every /api/* answer is no-store (proxied, 404, 501, docs, health), the shell is not', async () => {
    const listings = await startUpstream('listings', (_r, res) => { res.setHeader('cache-control', 'public, max-age=600'); return false; });
    const app = await gateway({ UPSTREAM_LISTINGS: listings.url });
    try {
      for (const url of ['/api/auth/available-listings', '/api/nope', '/api/seller/dashboard', '/api/health', '/api']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
      }
      expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toBe('no-store');
    } finally {
      await app.close();
      await listings.close();
    }
  });

  it('a client that does not send its whole body within CLIENT_TIMEOUT_MS gets 408 {message}', async () => {
    const identity = await startUpstream('identity');
    const app = await gateway({ UPSTREAM_IDENTITY: identity.url, CLIENT_TIMEOUT_MS: '300' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.write('POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":');
        });
        let data = '';
        s.on('data', (c) => { data += c; });
        s.on('close', () => resolve(data));
        s.on('error', reject);
        setTimeout(() => { s.destroy(); }, 5000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain(JSON.stringify({ message: MSG.loginTimeout }));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(identity.seen).toHaveLength(0);
    } finally {
      await app.close();
      await identity.close();
    }
  });

  it('an upstream that does not answer within UPSTREAM_TIMEOUT_MS gives 504 {message}', async () => {
    const slow = await startUpstream('listings', () => true); // never answers
    const app = await gateway({ UPSTREAM_LISTINGS: slow.url, UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/auth/available-listings' });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ message: MSG.serviceUnavailable });
    } finally {
      await app.close();
      await slow.close();
    }
  });
});

describe('throttling (shared through Redis)', () => {
  let identity: Upstream;
  let app: App;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    identity = await identityStandIn();
    app = await gateway({
      UPSTREAM_IDENTITY: identity.url, UPSTREAM_MESSAGING: identity.url, UPSTREAM_LISTINGS: identity.url,
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '6', RATE_LIMIT_LOGIN_PER_MINUTE: '100',
      RATE_LIMIT_ACCOUNT_FAILURES: '3', RATE_LIMIT_ACCOUNT_LOCK_SECONDS: '1', RATE_LIMIT_ACCOUNT_LOCK_MAX_SECONDS: '2',
      RATE_LIMIT_FORMS_PER_MINUTE: '2', RATE_LIMIT_SIGNUPS_PER_HOUR: '3', RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '3',
    });
  });
  afterAll(async () => { await app.close(); await identity.close(); redis.disconnect(); });

  const login = (email: string, password: string, remoteAddress = ip()) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

  it('sign-in per IP, whatever the e-mail', async () => {
    const from = ip();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await login(`${randomUUID()}@example.com`, 'wrong', from)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('per account: locked after N failures from any IP, exponentially longer, bounded; a success clears it', async () => {
    const email = `${randomUUID()}@example.com`;
    expect([(await login(email, 'wrong')).statusCode, (await login(email, 'wrong')).statusCode, (await login(email, 'wrong')).statusCode]).toEqual([401, 401, 401]);
    const before = loginCalls(identity);
    const locked = await login(email, 'right'); // even the right password, from another IP, waits
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: MSG.tooManyAttempts });
    expect(Number(locked.headers['retry-after'])).toBe(1);
    expect(loginCalls(identity)).toBe(before);
    // the lock lasts 1 s; the next failure locks for 2 s (doubled), the one after for 2 s again (the maximum). Each
    // lock's lapse is its key's expiry: the key is deleted here instead of waited out.
    const lockKey = `gw-rl:lock:${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
    const first = await redis.pttl(lockKey);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1000);
    await redis.del(lockKey);
    expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect(await redis.pttl(lockKey)).toBeGreaterThan(1500);
    await redis.del(lockKey);
    expect((await login(email, 'wrong')).statusCode).toBe(401);
    const ttl = await redis.pttl(lockKey);
    expect(ttl).toBeGreaterThan(1500);
    expect(ttl).toBeLessThanOrEqual(2000);
    await redis.del(lockKey);
    expect((await login(email, 'right')).statusCode).toBe(200);
    // a success forgets the failures: three more are needed for a lock
    expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, 'right')).statusCode).toBe(200);
  });

  it('public forms per IP and route, sign-ups (register + NDA) per IP and hour', async () => {
    const from = ip();
    const post = (url: string) => app.inject({ method: 'POST', url, remoteAddress: from, payload: { email: `${randomUUID()}@example.com` } });
    expect([(await post('/api/auth/contact-message')).statusCode, (await post('/api/auth/contact-message')).statusCode, (await post('/api/auth/contact-message')).statusCode]).toEqual([200, 200, 429]);
    expect([(await post('/api/callback-request')).statusCode, (await post('/api/callback-request')).statusCode, (await post('/api/callback-request')).statusCode]).toEqual([200, 200, 429]);
    // register twice (its minute budget), NDA once: the hour's three sign-ups are used; the next NDA sign-up waits
    expect([(await post('/api/auth/register')).statusCode, (await post('/api/auth/register')).statusCode, (await post('/api/auth/register')).statusCode]).toEqual([200, 200, 429]);
    expect((await post('/api/auth/nda-submit')).statusCode).toBe(200);
    const fourth = await post('/api/auth/nda-submit');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(60);
    // another IP is unaffected
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip(), payload: {} })).statusCode).toBe(200);
  });

  it('session tokens that are no session are limited per IP; a real session from elsewhere is not', async () => {
    const from = ip();
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await app.inject({ method: 'GET', url: '/api/users', remoteAddress: from, headers: { 'x-session-token': randomBytes(32).toString('base64url') } })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const token = randomBytes(32).toString('base64url');
    await cacheSession(redis, token, { sub: 'u-9', role: 'BUYER', name: 'B' });
    const ok = await app.inject({ method: 'GET', url: '/api/users', remoteAddress: ip(), headers: { 'x-session-token': token } });
    expect(ok.statusCode).toBe(200);
    expect(identity.seen.at(-1)!.headers['x-identity-token']).toBeDefined();
  });
});
