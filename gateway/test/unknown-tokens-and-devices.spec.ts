import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { MSG } from '@brokerage/contracts';
import { cacheSession, gateway, sha256Hex, startUpstream, type Upstream } from './helpers.js';

// issue 18 §3: the unknown-token limit throttles unknown tokens only (a valid session behind the same address, an
// office's NAT, keeps working) and counts on /api/events too; an account's lockout after failed sign-ins does not
// stop a device that signed in to it before (device cookie, OWASP), which has a lockout of its own.

type App = Awaited<ReturnType<typeof gateway>>;
const newToken = () => randomBytes(32).toString('base64url');
let lastIp = 0;
const ip = () => { lastIp += 1; return `203.0.${113 + (lastIp >> 8)}.${lastIp & 255}`; };
const SESSION_COOKIE = '__Host-bb_session';
const DEVICE_COOKIE = '__Host-bb_device';

describe('unknown session tokens: throttled per IP without refusing valid sessions', () => {
  let identity: Upstream;
  let app: App;
  let redis: Redis;
  /** Sessions identity knows (token → claims). */
  const sessions = new Map<string, object>();
  const resolveCalls = () => identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    identity = await startUpstream('identity', (r, res) => {
      res.setHeader('content-type', 'application/json');
      if (r.url === '/internal/sessions/resolve') {
        const claims = sessions.get(JSON.parse(r.body).token);
        res.statusCode = claims ? 200 : 401;
        res.end(JSON.stringify(claims ?? { message: MSG.authRequired }));
        return true;
      }
      if (r.url === '/auth/login') {
        // a new session, as identity issues it: the cookie and the token in the body
        const token = newToken();
        sessions.set(token, { sub: `u-${randomUUID()}`, role: 'BUYER', name: 'New' });
        res.setHeader('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax`);
        res.end(JSON.stringify({ sessionToken: token }));
        return true;
      }
      return false;
    });
    app = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: identity.url, RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '3' });
  });
  afterAll(async () => { await app.close(); await identity.close(); redis.disconnect(); });

  const get = (from: string, token: string) =>
    app.inject({ method: 'GET', url: '/api/users', remoteAddress: from, headers: { 'x-session-token': token } });
  const forwardedIdentity = () => identity.seen.at(-1)!.headers['x-identity-token'];
  /** Sends unknown tokens from `from` until it is over its budget. */
  const exhaust = async (from: string) => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await get(from, newToken())).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  };

  it('over the limit, unknown tokens get 429 without asking identity, while valid sessions from that address still work', async () => {
    const office = ip();
    // a colleague's session that identity confirmed earlier (from home), its cache entry since expired
    const colleague = newToken();
    sessions.set(colleague, { sub: 'u-colleague', role: 'SELLER', name: 'Col' });
    expect((await get(ip(), colleague)).statusCode).toBe(200);
    expect(forwardedIdentity()).toBeDefined();
    await redis.del(`session:${sha256Hex(colleague)}`);
    app.gateway.sessions.invalidateHash(sha256Hex(colleague));

    await exhaust(office);

    // a session in the cache
    const cached = newToken();
    await cacheSession(redis, cached, { sub: 'u-cached', role: 'BUYER', name: 'Cas' });
    const a = await get(office, cached);
    expect(a.statusCode).toBe(200);
    expect(forwardedIdentity()).toBeDefined();
    // a session known from before, resolved by identity again
    const b = await get(office, colleague);
    expect(b.statusCode).toBe(200);
    expect(forwardedIdentity()).toBeDefined();
    // a session signed in just now from the same address (the cookie identity set names it)
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: office, headers: { 'sec-fetch-site': 'same-origin' }, payload: { email: `${randomUUID()}@example.com`, password: 'x' } });
    expect(login.statusCode).toBe(200);
    const c = await get(office, login.json().sessionToken);
    expect(c.statusCode).toBe(200);
    expect(forwardedIdentity()).toBeDefined();

    // unknown tokens from the office are still refused, and identity is not asked about them
    const before = resolveCalls();
    const d = await get(office, newToken());
    expect(d.statusCode).toBe(429);
    expect(d.json()).toEqual({ message: MSG.tooManyAttempts });
    expect(Number(d.headers['retry-after'])).toBeGreaterThan(0);
    expect(resolveCalls()).toBe(before);
  });

  it('GET /api/events counts unknown tokens like any API call; a valid session still opens its stream', async () => {
    const from = ip();
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await app.inject({ method: 'GET', url: '/api/events', remoteAddress: from, headers: { 'x-session-token': newToken() } })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    // and the API's budget is the same one
    expect((await get(from, newToken())).statusCode).toBe(429);

    // from a client over its budget (here the loopback address of a real connection), a valid session streams
    for (let i = 0; i < 4; i++) await get('127.0.0.1', newToken());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const status = (token: string) => new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}/api/events`, { headers: { 'x-session-token': token } }, (res) => { resolve(res.statusCode ?? 0); req.destroy(); });
      req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
    });
    const valid = newToken();
    await cacheSession(redis, valid, { sub: 'u-stream', role: 'BUYER', name: 'S' });
    expect(await status(valid)).toBe(200);
    expect(await status(newToken())).toBe(429);
  });
});

describe('account lockout and device cookies', () => {
  let identity: Upstream;
  let app: App;
  beforeAll(async () => {
    identity = await startUpstream('identity', (r, res) => {
      res.setHeader('content-type', 'application/json');
      if (r.url === '/auth/login') {
        const ok = JSON.parse(r.body || '{}').password === 'right';
        res.statusCode = ok ? 200 : 401;
        if (ok) res.setHeader('set-cookie', `${SESSION_COOKIE}=${newToken()}; Path=/; HttpOnly; Secure; SameSite=Lax`);
        res.end(JSON.stringify(ok ? { sessionToken: 'x' } : { message: 'Invalid email or password' }));
        return true;
      }
      return false;
    });
    app = await gateway({
      UPSTREAM_IDENTITY: identity.url,
      RATE_LIMIT_ACCOUNT_FAILURES: '3', RATE_LIMIT_ACCOUNT_LOCK_SECONDS: '60', RATE_LIMIT_ACCOUNT_LOCK_MAX_SECONDS: '60',
    });
  });
  afterAll(async () => { await app.close(); await identity.close(); });

  const loginCalls = () => identity.seen.filter((r) => r.url === '/auth/login').length;
  const login = (email: string, password: string, device?: string, remoteAddress = ip()) =>
    app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password },
      headers: { 'sec-fetch-site': 'same-origin', ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
    const list = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const c = list.find((v) => v.startsWith(`${DEVICE_COOKIE}=`));
    return c;
  };
  const lockOut = async (email: string) => {
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, 'right')).statusCode).toBe(429);
  };

  it('a successful sign-in sets an httpOnly, signed device cookie; a failed one does not', async () => {
    const email = `${randomUUID()}@example.com`;
    const ok = await login(email, 'right');
    expect(ok.statusCode).toBe(200);
    const cookie = deviceCookieOf(ok)!;
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=v1\\.[0-9a-f]{24}\\.[A-Za-z0-9_-]{22}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}; `));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toContain(email);
    // identity's session cookie still reaches the browser beside it
    expect(([] as string[]).concat(ok.headers['set-cookie'] ?? []).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect(deviceCookieOf(await login(email, 'wrong'))).toBeUndefined();
  });

  it('while the account is locked, its owner\'s device still signs in; unknown clients wait', async () => {
    const email = `${randomUUID()}@example.com`;
    const device = deviceCookieOf(await login(email, 'right'))!.split(';')[0]!.split('=')[1]!;
    await lockOut(email); // someone who knows the e-mail
    const before = loginCalls();
    const owner = await login(email, 'right', device);
    expect(owner.statusCode).toBe(200);
    expect(loginCalls()).toBe(before + 1);
    // the owner's success does not lift the lockout for everyone else
    const other = await login(email, 'right');
    expect(other.statusCode).toBe(429);
    expect(other.json()).toEqual({ message: MSG.tooManyAttempts });
  });

  it('a device is limited on its own: after N failures it waits too', async () => {
    const email = `${randomUUID()}@example.com`;
    const device = deviceCookieOf(await login(email, 'right'))!.split(';')[0]!.split('=')[1]!;
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong', device)).statusCode).toBe(401);
    expect((await login(email, 'right', device)).statusCode).toBe(429);
    // its failures did not lock the account for other clients
    expect((await login(email, 'right')).statusCode).toBe(200);
  });

  it('a tampered device cookie, or one of another account, is no device: the account\'s lockout applies', async () => {
    const email = `${randomUUID()}@example.com`;
    const device = deviceCookieOf(await login(email, 'right'))!.split(';')[0]!.split('=')[1]!;
    const otherDevice = deviceCookieOf(await login(`${randomUUID()}@example.com`, 'right'))!.split(';')[0]!.split('=')[1]!;
    await lockOut(email);
    const parts = device.split('.');
    const tampered = [
      [...parts.slice(0, 4), parts[4]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('.'),
      [parts[0], parts[1], newToken().slice(0, 22), parts[3], parts[4]].join('.'),
      otherDevice,
      'v1.garbage',
    ];
    for (const d of tampered) expect((await login(email, 'right', d)).statusCode).toBe(429);
    expect((await login(email, 'right', device)).statusCode).toBe(200);
  });
});
