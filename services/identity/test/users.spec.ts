import { createApp, createUser, expectNoSecrets, loginAs, resetDb, serviceHeader, type CreatedUser, type Ctx } from './helpers.js';

describe('GET /users and GET /users/by-role', () => {
  let ctx: Ctx;
  let broker: CreatedUser, broker2: CreatedUser, agent: CreatedUser, agent2: CreatedUser;
  let seller: CreatedUser, buyer: CreatedUser, archivedAgent: CreatedUser, archivedBuyer: CreatedUser, otherSeller: CreatedUser;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    broker2 = await createUser(ctx, { role: 'BROKER', name: 'Bo Broker' });
    agent = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    agent2 = await createUser(ctx, { role: 'AGENT', name: 'Ann Agent' });
    archivedAgent = await createUser(ctx, { role: 'AGENT', name: 'Old Agent', active: false });
    seller = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller', managerId: agent.id });
    otherSeller = await createUser(ctx, { role: 'SELLER', name: 'Sid Seller', managerId: archivedAgent.id });
    buyer = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
    archivedBuyer = await createUser(ctx, { role: 'BUYER', name: 'Gone Buyer', active: false });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const ids = (body: { users: Array<{ id: string }> }) => body.users.map((u) => u.id).sort();
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

  it('SELLER: active brokers and agents (their manager included)', async () => {
    const res = await get(seller, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([broker.id, broker2.id, agent.id, agent2.id].sort());
    expect(res.body.users.find((u: { id: string }) => u.id === agent.id)).toEqual({ id: agent.id, name: agent.name, email: agent.email, role: 'AGENT' });
    expectNoSecrets(res.body);
  });

  it('BUYER: active brokers and agents only', async () => {
    const res = await get(buyer, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([broker.id, broker2.id, agent.id, agent2.id].sort());
  });

  it('AGENT: brokers, other agents, active sellers and buyers', async () => {
    const res = await get(agent, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([broker.id, broker2.id, agent2.id, seller.id, otherSeller.id, buyer.id].sort());
  });

  it('BROKER: every active user except self', async () => {
    const res = await get(broker, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([broker2.id, agent.id, agent2.id, seller.id, otherSeller.id, buyer.id].sort());
    expect(ids(res.body)).not.toContain(archivedBuyer.id);
    expectNoSecrets(res.body);
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

  it('by-role for BROKER and AGENT: sellers with their manager, buyers, agents', async () => {
    for (const caller of [broker, agent]) {
      const sellers = await get(caller, '/users/by-role?role=SELLER');
      expect(sellers.status).toBe(200);
      expect(sellers.body.users).toEqual(
        expect.arrayContaining([
          { id: seller.id, name: seller.name, email: seller.email, manager: { id: agent.id, name: agent.name } },
          { id: otherSeller.id, name: otherSeller.name, email: otherSeller.email, manager: { id: archivedAgent.id, name: archivedAgent.name } },
        ]),
      );
      expect(sellers.body.users).toHaveLength(2);
      const buyers = await get(caller, '/users/by-role?role=buyer');
      expect(buyers.body.users).toEqual([{ id: buyer.id, name: buyer.name, email: buyer.email, manager: null }]);
      const agents = await get(caller, '/users/by-role?role=AGENT');
      expect(ids(agents.body)).toEqual([agent.id, agent2.id].sort());
      expectNoSecrets(agents.body);
    }
  });

  it('by-role: 400 for a bad or missing role', async () => {
    for (const q of ['?role=BROKER', '?role=ADMIN', '']) {
      const res = await get(broker, `/users/by-role${q}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('by-role: 403 for SELLER and BUYER', async () => {
    for (const caller of [seller, buyer]) {
      const res = await get(caller, '/users/by-role?role=SELLER');
      expect(res.status).toBe(403);
    }
  });

  it('a forged identity (wrong secret) is 401', async () => {
    const { signIdentityToken } = await import('@brokerage/nest-common');
    const forged = signIdentityToken({ sub: broker.id, role: 'BROKER', name: 'x' }, 'y'.repeat(40));
    expect((await ctx.http.get('/users').set('x-identity-token', forged)).status).toBe(401);
  });
});
