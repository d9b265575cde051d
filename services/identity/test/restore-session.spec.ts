import { claimsFor, createApp, createUser, expectNoSecrets, login, resetDb, serviceHeader, userHeader, type Ctx } from './helpers.js';

describe('POST /auth/restore-session (deviation 2)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const resolve = (token: string) => ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token });

  it('restores from the session cookie of the same user and rotates the session', async () => {
    const u = await createUser(ctx, { role: 'BUYER', email: 'restore.me@example.com' });
    const { token, cookieHeader } = await login(ctx, u.email, u.password);
    const res = await ctx.http
      .post('/auth/restore-session')
      .set('Cookie', cookieHeader!)
      .send({ userId: u.id, email: 'Restore.Me@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Session restored');
    expect(res.body.user).toEqual({ id: u.id, email: u.email, name: u.name, role: 'BUYER', phone: '555-0100' });
    expect(res.body.sessionToken).toBe(res.body.token);
    expect(res.body.token).not.toBe(token);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`bb_session=${res.body.token};.*HttpOnly`, 'i'));
    expectNoSecrets(res.body, [u.password]);
    expect((await resolve(token)).status).toBe(401); // old one revoked
    expect((await resolve(res.body.token)).status).toBe(200);
  });

  it('restores from a gateway identity that came with the cookie (via=cookie)', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const { token } = await login(ctx, u.email, u.password);
    const claims = await claimsFor(ctx, token, 'cookie');
    const res = await ctx.http.post('/auth/restore-session').set(userHeader(claims)).send({ userId: u.id, email: u.email });
    expect(res.status).toBe(200);
  });

  it('refused without the cookie: body alone, header token, or an identity that came by header', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, u.email, u.password);
    const body = { userId: u.id, email: u.email };
    const bare = await ctx.http.post('/auth/restore-session').send(body);
    expect(bare.status).toBe(401);
    expect(bare.body).toEqual({ message: 'Authentication required' });
    expect((await ctx.http.post('/auth/restore-session').set('x-session-token', token).send(body)).status).toBe(401);
    const viaHeader = await claimsFor(ctx, token, 'header');
    expect((await ctx.http.post('/auth/restore-session').set(userHeader(viaHeader)).send(body)).status).toBe(401);
    expect((await ctx.http.post('/auth/restore-session').set('Cookie', `bb_session=${u.id}`).send(body)).status).toBe(401);
  });

  it("refused with another user's cookie", async () => {
    const victim = await createUser(ctx, { role: 'BROKER' });
    const attacker = await createUser(ctx, { role: 'BUYER' });
    const { cookieHeader } = await login(ctx, attacker.email, attacker.password);
    const res = await ctx.http.post('/auth/restore-session').set('Cookie', cookieHeader!).send({ userId: victim.id, email: victim.email });
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    // mixed: right id, wrong e-mail
    const mixed = await ctx.http.post('/auth/restore-session').set('Cookie', cookieHeader!).send({ userId: attacker.id, email: victim.email });
    expect(mixed.status).toBe(401);
  });

  it('refused with a revoked or idle-expired cookie, and for a bad body', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const a = await login(ctx, u.email, u.password);
    await ctx.http.post('/auth/logout').set('Cookie', a.cookieHeader!).expect(200);
    expect((await ctx.http.post('/auth/restore-session').set('Cookie', a.cookieHeader!).send({ userId: u.id, email: u.email })).status).toBe(401);
    const b = await login(ctx, u.email, u.password);
    expect((await ctx.http.post('/auth/restore-session').set('Cookie', b.cookieHeader!).send({})).status).toBe(401);
    await ctx.ds.query(`UPDATE identity.sessions SET last_seen_at = now() - interval '3 hours'`);
    expect((await ctx.http.post('/auth/restore-session').set('Cookie', b.cookieHeader!).send({ userId: u.id, email: u.email })).status).toBe(401);
  });
});
