import { PEOPLE_MSG } from '@brokerage/contracts';
import { createApp, createUser, loginAs, resetDb, serviceHeader, type CreatedUser, type Ctx } from './helpers.js';

// Who each role sees: users-scoping.spec.ts (with the listings relations).
describe('GET /users and GET /users/by-role: access and validation', () => {
  let ctx: Ctx;
  let broker: CreatedUser, seller: CreatedUser, buyer: CreatedUser;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    seller = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller' });
    buyer = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const sessions = new Map<string, Record<string, string>>();
  const get = async (u: CreatedUser, path: string) => {
    if (!sessions.has(u.id)) sessions.set(u.id, (await loginAs(ctx, u)).headers);
    return ctx.http.get(path).set(sessions.get(u.id)!);
  };

  it('401 without a session', async () => {
    const res = await ctx.http.get('/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
    expect((await ctx.http.get('/users/by-role?role=SELLER')).status).toBe(401);
  });

  it('403 for a service identity on /users', async () => {
    expect((await ctx.http.get('/users').set(serviceHeader())).status).toBe(403);
  });

  it('401 when the signed-in user was archived meanwhile', async () => {
    const { headers } = await loginAs(ctx, buyer);
    await ctx.ds.query('UPDATE identity.users SET is_active = false WHERE id = $1', [buyer.id]);
    try {
      expect((await ctx.http.get('/users').set(headers)).status).toBe(401);
    } finally {
      await ctx.ds.query('UPDATE identity.users SET is_active = true WHERE id = $1', [buyer.id]);
    }
  });

  it('by-role: 400 for a bad or missing role', async () => {
    for (const q of ['?role=BROKER', '?role=ADMIN', '']) {
      const res = await get(broker, `/users/by-role${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PEOPLE_MSG.invalidByRole);
    }
  });

  it('by-role: 403 for SELLER and BUYER', async () => {
    for (const caller of [seller, buyer]) {
      const res = await get(caller, '/users/by-role?role=SELLER');
      expect(res.status).toBe(403);
    }
  });

  it('a forged identity (a key the gateway does not hold) is 401', async () => {
    const { signIdentityToken } = await import('@brokerage/nest-common');
    const { generateTestKey } = await import('@brokerage/nest-common/testing');
    const forged = await signIdentityToken({ sub: broker.id, role: 'BROKER', name: 'x' }, generateTestKey().privateKey);
    expect((await ctx.http.get('/users').set('x-identity-token', forged)).status).toBe(401);
  });
});
