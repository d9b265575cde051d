import { contactsResponseSchema } from '@brokerage/contracts';
import { startListingsStub, type ListingsStub } from './listings-stub.js';
import { createApp, createUser, expectNoSecrets, loginAs, resetDb, type CreatedUser, type Ctx } from './helpers.js';

/**
 * /users and /users/by-role answer only the people the caller may deal with. Listing relations come from the
 * listings service (a stub speaking its contract): listing L1 = seller S1, buyers B1 and an archived buyer, agent A;
 * listing L2 = seller S3, buyer B2, agent A2. S2 is managed by A without a listing.
 */
describe('GET /users and /users/by-role: scoped to the caller', () => {
  let ctx: Ctx;
  let stub: ListingsStub;
  let broker: CreatedUser, broker2: CreatedUser, A: CreatedUser, A2: CreatedUser, oldAgent: CreatedUser;
  let S1: CreatedUser, S2: CreatedUser, S3: CreatedUser, B1: CreatedUser, B2: CreatedUser, oldBuyer: CreatedUser;
  const sessions = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    broker2 = await createUser(ctx, { role: 'BROKER', name: 'Bo Broker' });
    A = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    A2 = await createUser(ctx, { role: 'AGENT', name: 'Ann Agent' });
    oldAgent = await createUser(ctx, { role: 'AGENT', name: 'Old Agent', active: false });
    S1 = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller' });
    S2 = await createUser(ctx, { role: 'SELLER', name: 'Sam Seller', managerId: A.id });
    S3 = await createUser(ctx, { role: 'SELLER', name: 'Sid Seller', managerId: A2.id });
    B1 = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
    B2 = await createUser(ctx, { role: 'BUYER', name: 'Bill Buyer' });
    oldBuyer = await createUser(ctx, { role: 'BUYER', name: 'Gone Buyer', active: false });
    stub = await startListingsStub(
      new Map([
        [A.id, [S1.id, B1.id, oldBuyer.id]],
        [A2.id, [S3.id, B2.id]],
        [S1.id, [A.id, B1.id, oldBuyer.id]],
        [B1.id, [A.id, S1.id, oldBuyer.id]],
        [S3.id, [A2.id, B2.id]],
        [B2.id, [A2.id, S3.id, oldAgent.id]],
      ]),
    );
  });
  afterAll(async () => {
    await stub.close();
    await ctx.app.close();
  });

  const get = async (u: CreatedUser, path: string) => {
    if (!sessions.has(u.id)) sessions.set(u.id, (await loginAs(ctx, u)).headers);
    return ctx.http.get(path).set(sessions.get(u.id)!);
  };
  const ids = (body: unknown) => contactsResponseSchema.parse(body).users.map((u) => u.id).sort();
  const sorted = (...us: CreatedUser[]) => us.map((u) => u.id).sort();

  it('BROKER: every active user but themselves, without asking listings', async () => {
    const before = stub.calls.length;
    const res = await get(broker, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(sorted(broker2, A, A2, S1, S2, S3, B1, B2));
    expect(stub.calls.length).toBe(before);
    expectNoSecrets(res.body);
  });

  it('AGENT: brokers, other agents, their managed sellers and the sellers/buyers of their listings (active only)', async () => {
    const res = await get(A, '/users');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(sorted(broker, broker2, A2, S1, S2, B1));
    expect(stub.calls.at(-1)).toEqual({ method: 'GET', path: `/internal/relations/${A.id}`, caller: 'service:identity' });
    const s2 = res.body.users.find((u: { id: string }) => u.id === S2.id);
    expect(s2).toEqual({ id: S2.id, name: S2.name, email: S2.email, role: 'SELLER', manager: { id: A.id, name: A.name } });
    const b1 = res.body.users.find((u: { id: string }) => u.id === B1.id);
    expect(b1).toEqual({ id: B1.id, name: B1.name, email: B1.email, role: 'BUYER' });
  });

  it('SELLER: brokers and the agents of their listings; a managed seller: brokers and their manager', async () => {
    expect(ids((await get(S1, '/users')).body)).toEqual(sorted(broker, broker2, A));
    expect(ids((await get(S2, '/users')).body)).toEqual(sorted(broker, broker2, A));
    expect(ids((await get(S3, '/users')).body)).toEqual(sorted(broker, broker2, A2));
  });

  it('BUYER: brokers and the active agents of their listings — never other buyers or sellers', async () => {
    expect(ids((await get(B1, '/users')).body)).toEqual(sorted(broker, broker2, A));
    expect(ids((await get(B2, '/users')).body)).toEqual(sorted(broker, broker2, A2));
  });

  it('by-role for an AGENT is the same scope, one role at a time, each with their manager', async () => {
    const sellers = await get(A, '/users/by-role?role=SELLER');
    expect(sellers.status).toBe(200);
    expect(contactsResponseSchema.parse(sellers.body).users).toEqual([
      { id: S2.id, name: S2.name, email: S2.email, role: 'SELLER', manager: { id: A.id, name: A.name } },
      { id: S1.id, name: S1.name, email: S1.email, role: 'SELLER', manager: null },
    ]);
    expect(ids((await get(A, '/users/by-role?role=buyer')).body)).toEqual(sorted(B1));
    expect(ids((await get(A, '/users/by-role?role=AGENT')).body)).toEqual(sorted(A2));
  });

  it('by-role for the BROKER: every active user of the role', async () => {
    expect(ids((await get(broker, '/users/by-role?role=SELLER')).body)).toEqual(sorted(S1, S2, S3));
    expect(ids((await get(broker, '/users/by-role?role=BUYER')).body)).toEqual(sorted(B1, B2));
    expect(ids((await get(broker, '/users/by-role?role=AGENT')).body)).toEqual(sorted(A, A2));
  });

  it('listings down: /users still answers 200 (session probe) with what identity knows (brokers, staff, managed sellers)', async () => {
    await stub.close();
    try {
      const agent = await get(A, '/users');
      expect(agent.status).toBe(200);
      expect(ids(agent.body)).toEqual(sorted(broker, broker2, A2, S2));
      const buyer = await get(B1, '/users');
      expect(buyer.status).toBe(200);
      expect(ids(buyer.body)).toEqual(sorted(broker, broker2));
    } finally {
      stub = await startListingsStub(new Map());
    }
  });
});
