import { REGISTRATION_DUPLICATE_EMAIL, internalUsersResponseSchema } from '@brokerage/contracts';
import { createApp, createUser, expectNoSecrets, login, resetDb, serviceHeader, userHeader, type Ctx } from './helpers.js';

describe('internal users API', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const body = (email = 'nda.buyer@example.com') => ({
    name: 'Nora Buyer',
    email,
    phone: '555-0111',
    password: 'nda-secret',
    profile: { organization: 'Acme', city: 'Fresno' },
  });

  it('POST /internal/users creates a BUYER (201) who can sign in; 409 on duplicate in any case', async () => {
    const res = await ctx.http.post('/internal/users').set(serviceHeader('listings')).send(body('Nda.Buyer@Example.com'));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'nda.buyer@example.com', name: 'Nora Buyer', role: 'BUYER', phone: '555-0111' });
    expectNoSecrets(res.body, ['nda-secret']);
    const [row] = await ctx.ds.query('SELECT profile, role FROM identity.users WHERE id = $1', [res.body.user.id]);
    expect(row.profile).toEqual({ organization: 'Acme', city: 'Fresno' });
    expect((await login(ctx, 'nda.buyer@example.com', 'nda-secret')).res.status).toBe(200);
    const dup = await ctx.http.post('/internal/users').set(serviceHeader('listings')).send(body('NDA.BUYER@example.com'));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: REGISTRATION_DUPLICATE_EMAIL });
  });

  it('POST /internal/users validates (400) and is SERVICE-only', async () => {
    const bad = await ctx.http.post('/internal/users').set(serviceHeader('listings')).send({ ...body(), password: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Password must be at least 6 characters long');
    expect((await ctx.http.post('/internal/users').send(body())).status).toBe(401);
    const broker = await createUser(ctx, { role: 'BROKER' });
    expect((await ctx.http.post('/internal/users').set(userHeader({ sub: broker.id, role: 'BROKER', name: 'b' })).send(body())).status).toBe(403);
  });

  it('DELETE /internal/users/:id removes the user and their sessions; 404 after', async () => {
    const created = await ctx.http.post('/internal/users').set(serviceHeader('listings')).send(body());
    const id = created.body.user.id;
    await login(ctx, 'nda.buyer@example.com', 'nda-secret');
    const del = await ctx.http.delete(`/internal/users/${id}`).set(serviceHeader('listings'));
    expect(del.status).toBe(200);
    const [{ count }] = await ctx.ds.query('SELECT count(*)::int AS count FROM identity.sessions');
    expect(count).toBe(0);
    expect((await ctx.http.delete(`/internal/users/${id}`).set(serviceHeader('listings'))).status).toBe(404);
    const malformed = await ctx.http.delete(`/internal/users/not-a-uuid`).set(serviceHeader('listings'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Invalid user id', field: 'id' });
    expect((await ctx.http.delete(`/internal/users/${id}`)).status).toBe(401);
  });

  it('GET /internal/users?ids= returns names, e-mails and roles; ignores junk ids', async () => {
    const a = await createUser(ctx, { role: 'AGENT', name: 'Al' });
    const s = await createUser(ctx, { role: 'SELLER', name: 'Sue', managerId: a.id });
    const res = await ctx.http.get(`/internal/users?ids=${a.id},${s.id},junk,00000000-0000-4000-8000-00000000ffff`).set(serviceHeader('messaging'));
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.id, name: 'Al', email: a.email, role: 'AGENT' }),
        expect.objectContaining({ id: s.id, name: 'Sue', role: 'SELLER', managerId: a.id }),
      ]),
    );
    expectNoSecrets(res.body);
    expect((await ctx.http.get('/internal/users').set(serviceHeader('messaging'))).body).toEqual({ users: [] });
    expect((await ctx.http.get(`/internal/users?ids=${a.id}`)).status).toBe(401);
  });

  it('POST /internal/users/lookup {ids} answers id, name, email, role, phone, isActive, createdAt, managerId, company', async () => {
    const a = await createUser(ctx, { role: 'AGENT', name: 'Al' });
    const s = await createUser(ctx, { role: 'SELLER', name: 'Sue', managerId: a.id, active: false });
    await ctx.ds.query(`UPDATE identity.users SET profile = '{"company":"Sue Co"}' WHERE id = $1`, [s.id]);
    const res = await ctx.http.post('/internal/users/lookup').set(serviceHeader('messaging')).send({ ids: [s.id, a.id, s.id, '00000000-0000-4000-8000-00000000ffff'] });
    expect(res.status).toBe(200);
    const { users } = internalUsersResponseSchema.parse(res.body);
    expect(users.map((u) => u.id).sort()).toEqual([a.id, s.id].sort());
    expect(users.find((u) => u.id === s.id)).toEqual({
      id: s.id, name: 'Sue', email: s.email, role: 'SELLER', phone: '555-0100', isActive: false,
      createdAt: expect.any(String), managerId: a.id, company: 'Sue Co',
    });
    expectNoSecrets(res.body, [s.password, a.password]);
    expect((await ctx.http.post('/internal/users/lookup').set(serviceHeader('messaging')).send({ ids: [] })).body).toEqual({ users: [] });
    const bad = await ctx.http.post('/internal/users/lookup').set(serviceHeader('messaging')).send({ ids: ['junk'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid user id');
  });

  it('GET /internal/users?role=…&managerId=… filters (active and archived alike)', async () => {
    const a = await createUser(ctx, { role: 'AGENT', name: 'Al' });
    const s1 = await createUser(ctx, { role: 'SELLER', name: 'Sue', managerId: a.id });
    const s2 = await createUser(ctx, { role: 'SELLER', name: 'Sid', active: false });
    await createUser(ctx, { role: 'BUYER' });
    const sellers = await ctx.http.get('/internal/users?role=seller').set(serviceHeader('messaging'));
    expect(sellers.status).toBe(200);
    expect(sellers.body.users.map((u: { id: string }) => u.id)).toEqual([s2.id, s1.id]); // by name
    const managed = await ctx.http.get(`/internal/users?role=SELLER&managerId=${a.id}`).set(serviceHeader('messaging'));
    expect(managed.body.users.map((u: { id: string }) => u.id)).toEqual([s1.id]);
    expect((await ctx.http.get('/internal/users?role=ADMIN').set(serviceHeader('messaging'))).status).toBe(400);
  });

  it('the internal users routes answer 403 to every user role and 401 without a token', async () => {
    const users = await Promise.all((['BROKER', 'AGENT', 'SELLER', 'BUYER'] as const).map((role) => createUser(ctx, { role })));
    for (const u of users) {
      const h = userHeader({ sub: u.id, role: u.role, name: u.name });
      expect((await ctx.http.post('/internal/users/lookup').set(h).send({ ids: [u.id] })).status).toBe(403);
      expect((await ctx.http.get('/internal/users?role=AGENT').set(h)).status).toBe(403);
    }
    expect((await ctx.http.post('/internal/users/lookup').send({ ids: [] })).status).toBe(401);
  });
});
