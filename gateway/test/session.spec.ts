import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER } from '@brokerage/contracts';
import { cacheSession, eventually, gateway, sessionCacheEntry, startUpstream, type Upstream } from './helpers.js';

// what the services hold: only the public halves
const userKeys = () => createLocalJWKSet(JSON.parse(process.env.IDENTITY_JWT_PUBLIC_KEYS!));
const serviceKeys = () => createLocalJWKSet(JSON.parse(process.env.SERVICE_JWT_PUBLIC_KEYS!));
const sha = (t: string) => createHash('sha256').update(t).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const verify = (jwt: string) => jwtVerify(jwt, userKeys(), { issuer: IDENTITY_JWT_ISSUER, audience: IDENTITY_JWT_AUDIENCE, algorithms: ['ES256'] });
const verifyService = (jwt: string) => jwtVerify(jwt, serviceKeys(), { issuer: SERVICE_JWT_ISSUER, audience: SERVICE_JWT_AUDIENCE, algorithms: ['ES256'] });

describe('session → signed identity', () => {
  let redis: Redis;
  let identity: Upstream;
  let listings: Upstream;
  let app: Awaited<ReturnType<typeof gateway>>;
  const resolvable = new Map<string, object>();
  /** how identity answers /internal/sessions/resolve: normally, 503, or after 2.5 s (past the gateway's 2 s) */
  let identityMode: 'ok' | '503' | 'slow' = 'ok';

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    identity = await startUpstream('identity', (r, res) => {
      if (r.url !== '/internal/sessions/resolve') return false;
      if (identityMode === '503') { res.statusCode = 503; res.end('{"message":"This service is temporarily unavailable. Please try again shortly."}'); return true; }
      if (identityMode === 'slow') { setTimeout(() => { if (!res.writableEnded) { res.statusCode = 200; res.end('{}'); } }, 2500).unref(); return true; }
      const { token } = JSON.parse(r.body);
      const claims = resolvable.get(token);
      res.statusCode = claims ? 200 : 401;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(claims ?? { message: 'Authentication required' }));
      return true;
    });
    listings = await startUpstream('listings');
    app = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url });
  });
  afterAll(async () => {
    await app.close();
    await identity.close();
    await listings.close();
    redis.disconnect();
  });

  const lastIdentityJwt = (u: Upstream) => u.seen.at(-1)!.headers['x-identity-token'] as string | undefined;

  it('forwards a signed 60 s JWT for a session found in Redis (header token), and strips forged identity', async () => {
    const token = newToken();
    await cacheSession(redis, token, { sub: 'u-1', role: 'SELLER', name: 'Sam Seller', email: 'seller@example.com', sid: 's-1' });
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: { 'x-session-token': token, 'x-identity-token': 'forged', 'x-user-role': 'BROKER' } });
    expect(res.statusCode).toBe(200);
    const jwt = lastIdentityJwt(identity)!;
    expect(jwt).toBeDefined();
    expect(jwt).not.toBe('forged');
    expect(identity.seen.at(-1)!.headers['x-user-role']).toBeUndefined();
    const { payload, protectedHeader } = await verify(jwt);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: JSON.parse(process.env.IDENTITY_JWT_PRIVATE_KEY!).kid });
    expect(payload).toMatchObject({ sub: 'u-1', role: 'SELLER', name: 'Sam Seller', email: 'seller@example.com', sid: 's-1', via: 'header' });
    expect(payload.exp! - payload.iat!).toBe(60);
    // identity (owner of sessions) still gets the raw token; no resolve call was needed
    expect(identity.seen.at(-1)!.headers['x-session-token']).toBe(token);
    expect(identity.seen.some((r) => r.url === '/internal/sessions/resolve')).toBe(false);
  });

  it('reads the __Host-bb_session cookie by default (via: cookie), not bb_session, and does not pass the raw token to other services', async () => {
    const token = newToken();
    await cacheSession(redis, token, { sub: 'u-2', role: 'BUYER', name: 'Blake Buyer' });
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { cookie: `theme=dark; __Host-bb_session=${token}` } });
    const seen = listings.seen.at(-1)!;
    const { payload } = await verify(seen.headers['x-identity-token'] as string);
    expect(payload).toMatchObject({ sub: 'u-2', role: 'BUYER', via: 'cookie' });
    expect(seen.headers.cookie).toBe('theme=dark');
    expect(seen.headers['x-session-token']).toBeUndefined();
    // the plain-http name is not a session in secure mode
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { cookie: `bb_session=${token}` } });
    expect(lastIdentityJwt(listings)).toBeUndefined();
  });

  it('with COOKIE_SECURE=0 (plain http) reads bb_session instead', async () => {
    const plain = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url, COOKIE_SECURE: '0' });
    try {
      const token = newToken();
      await cacheSession(redis, token, { sub: 'u-7', role: 'BUYER', name: 'B' });
      await plain.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { cookie: `bb_session=${token}` } });
      expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: 'u-7', via: 'cookie' });
      await plain.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { cookie: `__Host-bb_session=${token}` } });
      expect(lastIdentityJwt(listings)).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('on a Redis miss asks identity /internal/sessions/resolve with a service JWT, then reuses the signed JWT', async () => {
    const token = newToken();
    resolvable.set(token, { sub: 'u-3', role: 'BROKER', name: 'Morgan Broker', sid: 's-3' });
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    const resolveCalls = identity.seen.filter((r) => r.url === '/internal/sessions/resolve');
    expect(resolveCalls).toHaveLength(1);
    expect(JSON.parse(resolveCalls[0].body)).toEqual({ token });
    const svc = await verifyService(resolveCalls[0].headers['x-identity-token'] as string);
    expect(svc.payload).toMatchObject({ sub: 'service:gateway', role: 'SERVICE', name: 'gateway' });
    const first = lastIdentityJwt(listings)!;
    expect((await verify(first)).payload).toMatchObject({ sub: 'u-3', role: 'BROKER' });
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBe(first);
    expect(identity.seen.filter((r) => r.url === '/internal/sessions/resolve')).toHaveLength(1);
  });

  it('identity unable to check a session (503, or slower than 2 s) → 503 with the message, not the request as anonymous; nothing remembered', async () => {
    // npm run soak: under load identity answered resolves late; the gateway sent valid sessions on as anonymous (401,
    // which signs the portal's user out), remembered them as unknown for 5 s and counted them as guessed tokens (429).
    const token = newToken();
    resolvable.set(token, { sub: 'u-9', role: 'BUYER', name: 'Blake Buyer', sid: 's-9' });
    const before = listings.seen.length;
    try {
      for (const mode of ['503', 'slow'] as const) {
        identityMode = mode;
        for (const url of ['/api/auth/available-listings', '/api/users']) {
          const res = await app.inject({ method: 'GET', url, headers: { 'x-session-token': token } });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ message: 'This service is temporarily unavailable. Please try again shortly.' });
        }
      }
    } finally { identityMode = 'ok'; }
    expect(listings.seen.length).toBe(before); // nothing went on as anonymous
    // identity back: the same session works at once (not remembered as unknown, no unknown-token budget spent)
    const ok = await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(ok.statusCode).toBe(200);
    expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: 'u-9', role: 'BUYER' });
  });

  describe('a session in use is looked up again in the background before its entry ends (SESSION_CACHE_MS 4 s here)', () => {
    const CACHE_MS = 4000;
    let short: Awaited<ReturnType<typeof gateway>>;
    beforeAll(async () => {
      short = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url }, (c) => { c.sessionCacheMs = CACHE_MS; });
    });
    afterAll(() => short.close());
    const resolves = (token: string) => identity.seen.filter((r) => r.url === '/internal/sessions/resolve' && JSON.parse(r.body).token === token).length;
    const ask = (token: string) => short.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    const until = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

    it('past three quarters of its time the request is answered from the entry and the session asked again meanwhile; the entry then lasts past its first end', async () => {
      const token = newToken();
      resolvable.set(token, { sub: 'u-30', role: 'BUYER', name: 'Riley Reader', sid: 's-30' });
      const t0 = Date.now();
      expect((await ask(token)).statusCode).toBe(200);
      expect(resolves(token)).toBe(1);
      await until(t0 + CACHE_MS * 0.8); // after the refresh point (½ to ¾ of the time), before the end
      expect((await ask(token)).statusCode).toBe(200);
      expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: 'u-30', role: 'BUYER' });
      await eventually(async () => resolves(token) === 2); // identity asked in the background (no Redis entry here)
      await until(t0 + CACHE_MS * 1.1); // the first entry's end has passed: the refreshed one answers, identity not asked
      expect((await ask(token)).statusCode).toBe(200);
      expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: 'u-30' });
      expect(resolves(token)).toBe(2);
    });

    it('identity slow during the background lookup: the request is not held (200, not 503); once the entry ends the session is asked in the request again', async () => {
      const token = newToken();
      resolvable.set(token, { sub: 'u-31', role: 'SELLER', name: 'Sky Seller', sid: 's-31' });
      const t0 = Date.now();
      expect((await ask(token)).statusCode).toBe(200);
      await until(t0 + CACHE_MS * 0.8);
      identityMode = 'slow';
      try {
        const during = await ask(token);
        expect(during.statusCode).toBe(200);
        expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: 'u-31', role: 'SELLER' });
        await until(t0 + CACHE_MS + 200);
        expect((await ask(token)).statusCode).toBe(503); // no entry any more: identity's answer is needed, and it is late
      } finally { identityMode = 'ok'; }
      expect((await ask(token)).statusCode).toBe(200);
    });

    it('a session that ended meanwhile is dropped by the background lookup: the next request is anonymous', async () => {
      const token = newToken();
      resolvable.set(token, { sub: 'u-32', role: 'BUYER', name: 'Casey Closed', sid: 's-32' });
      const t0 = Date.now();
      expect((await ask(token)).statusCode).toBe(200);
      resolvable.delete(token); // identity now answers 401 for it (no notice reached this gateway)
      await until(t0 + CACHE_MS * 0.8);
      await ask(token); // still the entry's answer; the lookup learns the session is over
      await eventually(async () => resolves(token) === 2);
      await eventually(async () => {
        await ask(token);
        return lastIdentityJwt(listings) === undefined;
      });
    });
  });

  it('an unknown token is anonymous (no header) and the request still goes through', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': newToken() } });
    expect(res.statusCode).toBe(200);
    expect(lastIdentityJwt(listings)).toBeUndefined();
  });

  it('a user id is never accepted as a token', async () => {
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': '00000000-0000-4000-8000-000000000003' } });
    expect(lastIdentityJwt(listings)).toBeUndefined();
  });

  it('drops the cached identity when identity deletes the session key (logout elsewhere)', async () => {
    const token = newToken();
    const key = `session:${sha(token)}`;
    await cacheSession(redis, token, { sub: 'u-4', role: 'AGENT', name: 'Avery Agent' });
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBeDefined();
    await redis.del(key);
    // the deletion reaches the gateway as a keyspace notice: the next calls go without identity once it has
    await eventually(async () => {
      await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
      return lastIdentityJwt(listings) === undefined;
    });
  });

  it('forgets the session on logout through the gateway', async () => {
    const token = newToken();
    resolvable.set(token, { sub: 'u-5', role: 'SELLER', name: 'S' });
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBeDefined();
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-session-token': token } });
    resolvable.delete(token); // identity revoked it
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBeUndefined();
  });

  it('expired claims in Redis are not trusted', async () => {
    const token = newToken();
    await redis.set(`session:${sha(token)}`, await sessionCacheEntry({ sub: 'u-6', role: 'SELLER', name: 'S', th: sha(token) }, Math.floor(Date.now() / 1000) - 5), 'EX', 60);
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBeUndefined();
  });

  it('a genuine session cache entry copied under another token\'s key is refused (claim th), as is one without th', async () => {
    const victim = newToken();
    await cacheSession(redis, victim, { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker', sid: 's-v' });
    const genuine = (await redis.get(`session:${sha(victim)}`))!;
    const noTh = await sessionCacheEntry({ sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker' });
    for (const entry of [genuine, noTh]) {
      const mine = newToken();
      await redis.set(`session:${sha(mine)}`, entry, 'EX', 60);
      const before = identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length;
      const res = await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': mine } });
      expect(res.statusCode).toBe(200);
      expect(lastIdentityJwt(listings)).toBeUndefined();
      expect(identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length).toBe(before + 1);
    }
    // under its own key the entry still is the victim's session
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': victim } });
    expect((await verify(lastIdentityJwt(listings)!)).payload).toMatchObject({ sub: '00000000-0000-4000-8000-000000000001', sid: 's-v' });
  });

  it('a correctly signed session cache entry without exp is refused', async () => {
    const token = newToken();
    await redis.set(`session:${sha(token)}`, await sessionCacheEntry({ sub: 'u-8', role: 'BROKER', name: 'B', th: sha(token) }, null), 'EX', 60);
    const before = identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length;
    await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
    expect(lastIdentityJwt(listings)).toBeUndefined();
    expect(identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length).toBe(before + 1);
  });

  it('a forged session cache entry (unsigned claims, or signed with another key) is refused: a write to Redis cannot mint a session', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const forged = [
      JSON.stringify({ sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Mallory', exp: Math.floor(Date.now() / 1000) + 60 }),
      await sessionCacheEntry({ sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Mallory' }, undefined,
        JSON.stringify({ ...other, kid: JSON.parse(process.env.SESSION_CACHE_PRIVATE_KEY!).kid })),
    ];
    for (const entry of forged) {
      const token = newToken();
      await redis.set(`session:${sha(token)}`, entry, 'EX', 60);
      const before = identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length;
      const res = await app.inject({ method: 'GET', url: '/api/auth/available-listings', headers: { 'x-session-token': token } });
      expect(res.statusCode).toBe(200);
      expect(lastIdentityJwt(listings)).toBeUndefined();
      // identity (the owner of sessions) was asked instead, and it does not know the token
      expect(identity.seen.filter((r) => r.url === '/internal/sessions/resolve').length).toBe(before + 1);
    }
  });
});
