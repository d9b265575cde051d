import { ADMIN_MSG, MSG, adminStatsResponseSchema, adminUserResponseSchema, adminUsersResponseSchema } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import {
  claimsFor,
  createApp,
  createUser,
  expectNoSecrets,
  login,
  loginAs,
  resetDb,
  serviceHeader,
  sha256,
  type CreatedUser,
  type Ctx,
} from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

describe('admin portal: /admin/users, /admin/stats (BROKER only)', () => {
  let ctx: Ctx;
  let broker: CreatedUser, agent: CreatedUser, seller: CreatedUser, buyer: CreatedUser;
  let headers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    agent = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    seller = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller', managerId: agent.id });
    buyer = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
    headers = {};
    for (const u of [broker, agent, seller, buyer]) headers[u.role] = (await loginAs(ctx, u)).headers;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const routes = (id: string) => [
    { method: 'get', path: '/admin/users' },
    { method: 'get', path: '/admin/stats' },
    { method: 'post', path: '/admin/users', body: { email: 'x.new@example.com', password: 'secret-1' } },
    { method: 'put', path: `/admin/users/${id}`, body: { name: 'Renamed' } },
    { method: 'patch', path: `/admin/users/${id}/archive` },
    { method: 'patch', path: `/admin/users/${id}/reactivate` },
  ] as const;
  const call = (r: ReturnType<typeof routes>[number], h: Record<string, string>) => {
    const req = ctx.http[r.method](r.path).set(h);
    return 'body' in r ? req.send(r.body) : req;
  };

  it('AGENT, SELLER and BUYER get 403 on every route (nothing changes); no session → 401', async () => {
    for (const role of ['AGENT', 'SELLER', 'BUYER']) {
      for (const r of routes(buyer.id)) {
        const res = await call(r, headers[role]!);
        expect([role, r.method, r.path, res.status, res.body]).toEqual([role, r.method, r.path, 403, { message: FORBIDDEN_MESSAGE }]);
      }
    }
    for (const r of routes(buyer.id)) expect((await call(r, {})).status).toBe(401);
    expect((await ctx.http.get('/admin/users').set(serviceHeader())).status).toBe(403);
    const [row] = await ctx.ds.query('SELECT name, is_active FROM identity.users WHERE id = $1', [buyer.id]);
    expect(row).toEqual({ name: buyer.name, is_active: true });
    expect(await ctx.ds.query(`SELECT 1 FROM identity.users WHERE email = 'x.new@example.com'`)).toHaveLength(0);
  });

  it('unknown id → 404 on PUT, archive and reactivate; a malformed id → 400', async () => {
    for (const r of routes(UNKNOWN_ID).slice(3)) {
      const res = await call(r, headers.BROKER!);
      expect([r.path, res.status, res.body]).toEqual([r.path, 404, { message: ADMIN_MSG.userNotFound }]);
    }
    const bad = await ctx.http.put('/admin/users/not-a-uuid').set(headers.BROKER!).send({ name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid user id");
  });

  it('GET /admin/users lists every user with the spec fields and the password column as passwordSet/passwordSetAt', async () => {
    const res = await ctx.http.get('/admin/users').set(headers.BROKER!);
    expect(res.status).toBe(200);
    const body = adminUsersResponseSchema.parse(res.body);
    const s = body.users.find((u) => u.id === seller.id)!;
    expect(s).toEqual({
      id: seller.id,
      name: seller.name,
      email: seller.email,
      role: 'SELLER',
      isActive: true,
      createdAt: expect.any(String),
      phone: '555-0100',
      manager: { id: agent.id, name: agent.name },
      passwordSet: true,
      passwordSetAt: expect.any(String),
    });
    expect(Date.parse(s.passwordSetAt!)).toBeGreaterThan(Date.now() - 600_000);
    expect(body.users.map((u) => u.id)).toEqual(expect.arrayContaining([broker.id, agent.id, seller.id, buyer.id]));
    expectNoSecrets(res.body, [broker.password, agent.password]);
  });

  it('POST creates an agent (201) who can sign in; email and password required; role BUYER by default', async () => {
    const res = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: 'New.Agent@Example.com', password: 'agent-pass-9', name: 'Nia Agent', role: 'agent' });
    expect(res.status).toBe(201);
    const { user } = adminUserResponseSchema.parse(res.body);
    expect(user).toMatchObject({ email: 'new.agent@example.com', name: 'Nia Agent', role: 'AGENT', isActive: true, passwordSet: true, manager: null });
    expectNoSecrets(res.body, ['agent-pass-9']);
    const signIn = await login(ctx, 'new.agent@example.com', 'agent-pass-9');
    expect(signIn.res.status).toBe(200);
    expect(signIn.res.body.user).toMatchObject({ id: user.id, role: 'AGENT' });

    const minimal = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: 'plain.buyer@example.com', password: 'buyer-pass' });
    expect(minimal.status).toBe(201);
    expect(minimal.body.user).toMatchObject({ role: 'BUYER', name: 'plain.buyer' });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'secret-1' }, ADMIN_MSG.emailRequired],
      [{ email: '  ', password: 'secret-1' }, ADMIN_MSG.emailRequired],
      [{ email: 'not-an-email', password: 'secret-1' }, ADMIN_MSG.emailInvalid],
      [{ email: 'a.b@example.com' }, ADMIN_MSG.passwordRequired],
      [{ email: 'a.b@example.com', password: '12345' }, ADMIN_MSG.passwordTooShort],
      [{ email: 'a.b@example.com', password: 'secret-1', role: 'ADMIN' }, ADMIN_MSG.invalidRole],
      [{ email: 'a.b@example.com', password: 'secret-1', name: 'x'.repeat(201) }, 'Name is too long'],
    ];
    for (const [body, message] of cases) {
      const bad = await ctx.http.post('/admin/users').set(headers.BROKER!).send(body);
      expect([body, bad.status, bad.body.message]).toEqual([body, 400, message]);
    }
  });

  it('e-mail is unique in any case: 409 with a clear message on create and on edit', async () => {
    const dup = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: seller.email.toUpperCase(), password: 'secret-1' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: ADMIN_MSG.duplicateEmail });
    const edit = await ctx.http.put(`/admin/users/${buyer.id}`).set(headers.BROKER!).send({ email: seller.email });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({ message: ADMIN_MSG.duplicateEmail });
  });

  it('a SELLER gets an assigned agent (must be an active agent); other roles cannot have one', async () => {
    const res = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: 'managed.seller@example.com', password: 'secret-1', role: 'SELLER', managerId: agent.id });
    expect(res.status).toBe(201);
    expect(res.body.user.manager).toEqual({ id: agent.id, name: agent.name });
    const notAgent = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: 's2@example.com', password: 'secret-1', role: 'SELLER', managerId: buyer.id });
    expect(notAgent.status).toBe(400);
    expect(notAgent.body).toEqual({ message: ADMIN_MSG.managerInvalid });
    const notSeller = await ctx.http.post('/admin/users').set(headers.BROKER!).send({ email: 'b2@example.com', password: 'secret-1', role: 'BUYER', managerId: agent.id });
    expect(notSeller.status).toBe(400);
    expect(notSeller.body).toEqual({ message: ADMIN_MSG.managerOnlyForSeller });
    // removing the agent through PUT
    const cleared = await ctx.http.put(`/admin/users/${res.body.user.id}`).set(headers.BROKER!).send({ managerId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user.manager).toBeNull();
  });

  it('PUT edits fields; "Set new password" replaces the password and signs the user out everywhere', async () => {
    const u = await createUser(ctx, { role: 'BUYER', name: 'Pat Buyer' });
    const session = await loginAs(ctx, u);
    const res = await ctx.http.put(`/admin/users/${u.id}`).set(headers.BROKER!).send({ name: 'Pat Seller', role: 'SELLER', managerId: agent.id, phone: '(916) 555-0199', password: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Pat Seller', role: 'SELLER', phone: '(916) 555-0199', manager: { id: agent.id, name: agent.name }, passwordSet: true });
    expectNoSecrets(res.body, ['brand-new-pass', u.password]);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: session.token })).status).toBe(401);
    expect(await ctx.redis.exists(`session:${await sha256(session.token)}`)).toBe(0);
    expect((await login(ctx, u.email, u.password)).res.status).toBe(401);
    const fresh = await login(ctx, u.email, 'brand-new-pass');
    expect(fresh.res.status).toBe(200);
    expect(fresh.res.body.user).toMatchObject({ name: 'Pat Seller', role: 'SELLER' });
    // a password under 6 characters is refused; nothing else changes
    const short = await ctx.http.put(`/admin/users/${u.id}`).set(headers.BROKER!).send({ password: '123', name: 'Nope' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(ADMIN_MSG.passwordTooShort);
  });

  it('an agent who becomes a buyer releases their sellers (no assigned agent)', async () => {
    const a = await createUser(ctx, { role: 'AGENT' });
    const s = await createUser(ctx, { role: 'SELLER', managerId: a.id });
    const res = await ctx.http.put(`/admin/users/${a.id}`).set(headers.BROKER!).send({ role: 'BUYER' });
    expect(res.status).toBe(200);
    const [row] = await ctx.ds.query('SELECT manager_id FROM identity.users WHERE id = $1', [s.id]);
    expect(row.manager_id).toBeNull();
  });

  it('archive revokes the sessions at once and blocks sign-in; reactivate allows sign-in again', async () => {
    const u = await createUser(ctx, { role: 'AGENT', name: 'Arc Agent' });
    const s = await loginAs(ctx, u);
    expect((await ctx.http.get('/users').set(s.headers)).status).toBe(200);
    // the gateway's cache entry exists before the archive
    const key = `session:${await sha256(s.token)}`;
    expect(await ctx.redis.exists(key)).toBe(1);

    const res = await ctx.http.patch(`/admin/users/${u.id}/archive`).set(headers.BROKER!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: ADMIN_MSG.userArchived, user: { id: u.id, isActive: false } });
    expect(await ctx.redis.exists(key)).toBe(0);
    const [{ live }] = await ctx.ds.query('SELECT count(*)::int AS live FROM identity.sessions WHERE user_id = $1 AND revoked_at IS NULL', [u.id]);
    expect(live).toBe(0);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(401);
    expect((await ctx.http.get('/users').set(s.headers)).status).toBe(401);
    const refused = await login(ctx, u.email, u.password);
    expect(refused.res.status).toBe(403);
    expect(refused.res.body).toEqual({ message: MSG.accountArchived });

    const again = await ctx.http.patch(`/admin/users/${u.id}/archive`).set(headers.BROKER!);
    expect(again.status).toBe(200); // idempotent

    const re = await ctx.http.patch(`/admin/users/${u.id}/reactivate`).set(headers.BROKER!);
    expect(re.status).toBe(200);
    expect(re.body).toMatchObject({ message: ADMIN_MSG.userReactivated, user: { id: u.id, isActive: true } });
    const back = await login(ctx, u.email, u.password);
    expect(back.res.status).toBe(200);
    // the session revoked by the archive stays revoked
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(401);
    expect((await claimsFor(ctx, back.token)).sub).toBe(u.id);
  });

  it('the broker cannot archive themselves or change their own role', async () => {
    const self = await ctx.http.patch(`/admin/users/${broker.id}/archive`).set(headers.BROKER!);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: ADMIN_MSG.cannotArchiveSelf });
    const role = await ctx.http.put(`/admin/users/${broker.id}`).set(headers.BROKER!).send({ role: 'AGENT' });
    expect(role.status).toBe(400);
    expect(role.body).toEqual({ message: ADMIN_MSG.cannotChangeOwnRole });
  });

  it('an NDA sign-up still in flight is not an account yet: not listed, not counted, not editable', async () => {
    const pending = await createUser(ctx, { role: 'BUYER', active: false });
    await ctx.ds.query('UPDATE identity.users SET signup_pending_since = now() WHERE id = $1', [pending.id]);
    try {
      const list = await ctx.http.get('/admin/users').set(headers.BROKER!);
      expect(list.body.users.map((u: { id: string }) => u.id)).not.toContain(pending.id);
      for (const path of [`/admin/users/${pending.id}/reactivate`, `/admin/users/${pending.id}/archive`]) {
        expect((await ctx.http.patch(path).set(headers.BROKER!)).status).toBe(404);
      }
      expect((await ctx.http.put(`/admin/users/${pending.id}`).set(headers.BROKER!).send({ name: 'x' })).status).toBe(404);
      expect((await ctx.http.delete(`/broker/buyers/${pending.id}`).set(headers.BROKER!)).status).toBe(404);
      const { stats } = adminStatsResponseSchema.parse((await ctx.http.get('/admin/stats').set(headers.BROKER!)).body);
      expect(stats.totalUsers).toBe(list.body.users.length);
    } finally {
      await ctx.ds.query('DELETE FROM identity.users WHERE id = $1', [pending.id]);
    }
  });

  it('GET /admin/stats counts users, active, inactive and every role', async () => {
    await ctx.ds.query(`UPDATE identity.users SET is_active = false WHERE email = 'plain.buyer@example.com'`);
    const res = await ctx.http.get('/admin/stats').set(headers.BROKER!);
    expect(res.status).toBe(200);
    const { stats } = adminStatsResponseSchema.parse(res.body);
    const rows: Array<{ role: string; is_active: boolean }> = await ctx.ds.query('SELECT role, is_active FROM identity.users');
    expect(stats.totalUsers).toBe(rows.length);
    expect(stats.inactiveUsers).toBe(rows.filter((r) => !r.is_active).length);
    expect(stats.inactiveUsers).toBeGreaterThanOrEqual(1);
    expect(stats.activeUsers + stats.inactiveUsers).toBe(stats.totalUsers);
    for (const role of ['BROKER', 'AGENT', 'SELLER', 'BUYER'] as const) {
      expect([role, stats.roleDistribution[role]]).toEqual([role, rows.filter((r) => r.role === role).length]);
    }
  });
});
