import { createPublicKey, verify } from 'node:crypto';
import { MSG } from '@brokerage/contracts';
import {
  claimsFor,
  createApp,
  createUser,
  expectNoSecrets,
  login,
  resetDb,
  serviceHeader,
  sha256,
  userHeader,
  type Ctx,
} from './helpers.js';

describe('login, logout, check-session', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('200 with user, role, sessionToken = token, and an httpOnly SameSite=Lax cookie', async () => {
    const u = await createUser(ctx, { role: 'SELLER', email: 'Seller.One@example.com' });
    const { res, token, setCookie } = await login(ctx, 'SELLER.ONE@example.com', u.password);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: u.id, email: 'seller.one@example.com', name: u.name, role: 'SELLER', phone: '555-0100' });
    expect(res.body.role).toBe('SELLER');
    expect(res.body.token).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // 256 bits base64url
    expect(setCookie).toMatch(new RegExp(`^bb_session=${token};`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expectNoSecrets(res.body, [u.password]);
    // stored hashed, never the token
    const rows = await ctx.ds.query('SELECT token_hash, expires_at, created_at FROM identity.sessions WHERE user_id = $1', [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(await sha256(token));
    const days = (new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it('Secure __Host-bb_session cookie by default (COOKIE_SECURE unset or 1), read back under that name only', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    for (const value of [undefined, '1']) {
      if (value === undefined) delete process.env.COOKIE_SECURE; else process.env.COOKIE_SECURE = value;
      try {
        const { setCookie, token } = await login(ctx, u.email, u.password);
        expect(setCookie).toMatch(new RegExp(`^__Host-bb_session=${token};`));
        expect(setCookie).toMatch(/;\s*Secure/i);
        expect(setCookie).toMatch(/Path=\//);
        expect(setCookie).not.toMatch(/Domain=/i);
        // the session is found under the secure name; the plain-http name is not read in this mode
        expect((await ctx.http.get('/auth/check-session').set('Cookie', `__Host-bb_session=${token}`)).body).toMatchObject({ authenticated: true });
        expect((await ctx.http.get('/auth/check-session').set('Cookie', `bb_session=${token}`)).body).toEqual({ authenticated: false });
        const claims = await claimsFor(ctx, token, 'cookie');
        const out = await ctx.http.post('/auth/logout').set(userHeader(claims)).set('Cookie', `__Host-bb_session=${token}`);
        expect(String(out.headers['set-cookie'])).toMatch(/__Host-bb_session=;.*Secure/i);
      } finally {
        process.env.COOKIE_SECURE = '0';
      }
    }
  });

  it('same 401 for a wrong password and an unknown e-mail', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const wrong = await ctx.http.post('/auth/login').send({ email: u.email, password: 'nope-nope' });
    const unknown = await ctx.http.post('/auth/login').send({ email: 'nobody@example.com', password: 'nope-nope' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Invalid email or password' });
      expect(r.headers['set-cookie']).toBeUndefined();
    }
  });

  it('400 when e-mail or password is missing', async () => {
    expect((await ctx.http.post('/auth/login').send({ password: 'x' })).body).toEqual({ message: 'Email is required', field: 'email' });
    const r = await ctx.http.post('/auth/login').send({ email: 'a@b.co' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Password is required');
  });

  it('403 for an archived account (only with the right password)', async () => {
    const u = await createUser(ctx, { role: 'SELLER', active: false });
    const ok = await ctx.http.post('/auth/login').send({ email: u.email, password: u.password });
    expect(ok.status).toBe(403);
    expect(ok.body).toEqual({ message: MSG.accountArchived });
    const bad = await ctx.http.post('/auth/login').send({ email: u.email, password: 'wrong-one' });
    expect(bad.status).toBe(401);
    const [{ count }] = await ctx.ds.query('SELECT count(*)::int AS count FROM identity.sessions');
    expect(count).toBe(0);
  });

  it('a sign-in\'s session is in the gateway\'s session cache at once, signed, as a resolve would put it', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const { token } = await login(ctx, u.email, u.password);
    const key = `session:${await sha256(token)}`;
    const ttl = await ctx.redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    const cached = (await ctx.redis.get(key))!; // read before anything resolves the token (which writes it too)
    const [pub] = JSON.parse(process.env.SESSION_CACHE_PUBLIC_KEYS!).keys;
    const [head, body, sig] = cached.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${head}.${body}`), { key: createPublicKey({ key: pub, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'))).toBe(true);
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    expect(payload).toMatchObject({ iss: 'brokerage-identity', aud: 'brokerage-gateway' });
    expect(payload.exp).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    const { via: _via, ...resolved } = await claimsFor(ctx, token);
    expect(payload).toMatchObject(resolved);
    expect(payload.th).toBe(await sha256(token));
  });

  it('logout revokes the session: resolve → 401, Redis key gone, cookie cleared', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, u.email, u.password);
    const claims = await claimsFor(ctx, token);
    const key = `session:${await sha256(token)}`;
    expect(await ctx.redis.exists(key)).toBe(1);
    const out = await ctx.http.post('/auth/logout').set(userHeader(claims));
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    expect(String(out.headers['set-cookie'])).toMatch(/bb_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(await ctx.redis.exists(key)).toBe(0);
    const again = await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token });
    expect(again.status).toBe(401);
    const [row] = await ctx.ds.query('SELECT revoked_at FROM identity.sessions WHERE id = $1', [claims.sid]);
    expect(row.revoked_at).toBeTruthy();
  });

  it('logout with only the cookie (no gateway identity) revokes too', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token, cookieHeader } = await login(ctx, u.email, u.password);
    expect((await ctx.http.post('/auth/logout').set('Cookie', cookieHeader!)).status).toBe(200);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token })).status).toBe(401);
  });

  it('logout without a session is 200 (idempotent), twice', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await ctx.http.post('/auth/logout');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ message: 'Logged out' });
    }
  });

  it('logout does not touch other sessions of the user', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const a = await login(ctx, u.email, u.password);
    const b = await login(ctx, u.email, u.password);
    await ctx.http.post('/auth/logout').set(userHeader(await claimsFor(ctx, a.token))).expect(200);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: b.token })).status).toBe(200);
  });

  it('check-session: false anonymously, true with identity, cookie or header', async () => {
    const u = await createUser(ctx, { role: 'AGENT' });
    expect((await ctx.http.get('/auth/check-session')).body).toEqual({ authenticated: false });
    const { token, cookieHeader } = await login(ctx, u.email, u.password);
    const claims = await claimsFor(ctx, token);
    const expected = { authenticated: true, user: { id: u.id, email: u.email, name: u.name, role: 'AGENT', phone: '555-0100' } };
    const viaClaims = await ctx.http.get('/auth/check-session').set(userHeader(claims));
    expect(viaClaims.body).toEqual(expected);
    expect((await ctx.http.get('/auth/check-session').set('Cookie', cookieHeader!)).body).toEqual(expected);
    expect((await ctx.http.get('/auth/check-session').set('x-session-token', token)).body).toEqual(expected);
    expectNoSecrets(viaClaims.body);
    // a user id is not a session token
    expect((await ctx.http.get('/auth/check-session').set('x-session-token', u.id)).body).toEqual({ authenticated: false });
    // after logout the (still unexpired) gateway identity no longer counts
    await ctx.http.post('/auth/logout').set(userHeader(claims)).expect(200);
    expect((await ctx.http.get('/auth/check-session').set(userHeader(claims))).body).toEqual({ authenticated: false });
  });

  it('check-session follows the header first: a stale header beside a valid cookie is signed out (the client then restores)', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const { cookieHeader } = await login(ctx, u.email, u.password);
    const res = await ctx.http.get('/auth/check-session').set('Cookie', cookieHeader!).set('x-session-token', 'stale-token-not-known-here');
    expect(res.body).toEqual({ authenticated: false });
  });

  it('check-session is false with a forged identity token', async () => {
    const r = await ctx.http.get('/auth/check-session').set('x-identity-token', 'eyJhbGciOiJub25lIn0.e30.');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ authenticated: false });
  });
});
