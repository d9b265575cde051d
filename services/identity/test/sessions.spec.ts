import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { createApp, createUser, expectNoSecrets, login, resetDb, serviceHeader, sha256, userHeader, type Ctx } from './helpers.js';

describe('POST /internal/sessions/resolve', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const resolve = (token: unknown) => ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token });

  it('200 claims + Redis session:<sha256> (TTL ≤ 60 s, signed JWT with exp), touches last_seen_at', async () => {
    const u = await createUser(ctx, { role: 'BROKER' });
    const { token } = await login(ctx, u.email, u.password);
    await ctx.ds.query(`UPDATE identity.sessions SET last_seen_at = now() - interval '30 minutes'`);
    const res = await resolve(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sub: u.id, role: 'BROKER', name: u.name, email: u.email, sid: expect.any(String) });
    expectNoSecrets(res.body, [token]);
    const key = `session:${await sha256(token)}`;
    const ttl = await ctx.redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    // a JWT signed with identity's session cache key: the gateway verifies it with the public half
    const [pub] = JSON.parse(process.env.SESSION_CACHE_PUBLIC_KEYS!).keys;
    const { payload: cached } = await jwtVerify((await ctx.redis.get(key))!, createPublicKey({ key: pub, format: 'jwk' }), {
      algorithms: ['ES256'], issuer: 'brokerage-identity', audience: 'brokerage-gateway',
    });
    expect(cached).toMatchObject({ ...res.body });
    expect(cached.exp).toBeGreaterThan(Date.now() / 1000);
    expect(cached.exp).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    const [row] = await ctx.ds.query('SELECT last_seen_at FROM identity.sessions');
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(10_000);
  });

  it('a user id sent as the token is refused', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    await login(ctx, u.email, u.password);
    const res = await resolve(u.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('401 for unknown, empty, non-string tokens and a token hash', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, u.email, u.password);
    for (const t of ['x'.repeat(43), '', 12345, null, await sha256(token)]) {
      expect((await resolve(t)).status).toBe(401);
    }
  });

  it('401 after idle expiry (2 h) and after absolute expiry (7 days)', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const idle = await login(ctx, u.email, u.password);
    const old = await login(ctx, u.email, u.password);
    await ctx.ds.query(`UPDATE identity.sessions SET last_seen_at = now() - interval '2 hours 1 minute' WHERE token_hash = $1`, [
      await sha256(idle.token),
    ]);
    await ctx.ds.query(`UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      await sha256(old.token),
    ]);
    expect((await resolve(idle.token)).status).toBe(401);
    expect((await resolve(old.token)).status).toBe(401);
  });

  it('401 when the user is archived', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const { token } = await login(ctx, u.email, u.password);
    expect((await resolve(token)).status).toBe(200);
    await ctx.ds.query('UPDATE identity.users SET is_active = false WHERE id = $1', [u.id]);
    expect((await resolve(token)).status).toBe(401);
    expect(await ctx.redis.exists(`session:${await sha256(token)}`)).toBe(0);
  });

  it('only for services: 401 anonymous, 403 for a user identity', async () => {
    const u = await createUser(ctx, { role: 'BROKER' });
    const { token } = await login(ctx, u.email, u.password);
    const anon = await ctx.http.post('/internal/sessions/resolve').send({ token });
    expect(anon.status).toBe(401);
    const asUser = await ctx.http
      .post('/internal/sessions/resolve')
      .set(userHeader({ sub: u.id, role: 'BROKER', name: u.name }))
      .send({ token });
    expect(asUser.status).toBe(403);
  });
});
