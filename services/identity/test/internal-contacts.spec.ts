import { IDENTITY_CONTACTS_PATH, internalContactsResponseSchema } from '@brokerage/contracts';
import { startListingsStub, type ListingsStub } from './listings-stub.js';
import { createApp, createUser, resetDb, serviceHeader, userHeader, type CreatedUser, type Ctx } from './helpers.js';

/** GET /internal/users/{id}/contacts: messaging checks a recipient with GET /users's rule for the sender. */
describe('GET /internal/users/{id}/contacts', () => {
  let ctx: Ctx;
  let stub: ListingsStub;
  let broker: CreatedUser, A: CreatedUser, A2: CreatedUser, S1: CreatedUser, B1: CreatedUser, B2: CreatedUser, gone: CreatedUser;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    A = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    A2 = await createUser(ctx, { role: 'AGENT', name: 'Ann Agent' });
    S1 = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller' });
    B1 = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
    B2 = await createUser(ctx, { role: 'BUYER', name: 'Bill Buyer' });
    gone = await createUser(ctx, { role: 'BUYER', name: 'Gone Buyer', active: false });
    stub = await startListingsStub(new Map([[B1.id, [A.id, S1.id]], [gone.id, [A.id]]]));
  });
  afterAll(async () => {
    await stub.close();
    await ctx.app.close();
  });

  const ids = (body: unknown) => internalContactsResponseSchema.parse(body).users.map((u) => u.id).sort();

  it('answers the contacts of that user (a buyer: brokers and the agents of their listings)', async () => {
    const res = await ctx.http.get(IDENTITY_CONTACTS_PATH(B1.id)).set(serviceHeader('messaging'));
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([broker.id, A.id].sort());
    expect(ids(res.body)).not.toContain(A2.id);
    expect(ids(res.body)).not.toContain(B2.id);
  });

  it('an inactive or unknown user has no contacts', async () => {
    expect((await ctx.http.get(IDENTITY_CONTACTS_PATH(gone.id)).set(serviceHeader('messaging'))).body).toEqual({ users: [] });
    expect((await ctx.http.get(IDENTITY_CONTACTS_PATH('00000000-0000-4000-8000-00000000dead')).set(serviceHeader('messaging'))).body).toEqual({ users: [] });
  });

  it('only services may call it; a bad id is a 400', async () => {
    const asUser = await ctx.http.get(IDENTITY_CONTACTS_PATH(B1.id)).set(userHeader({ sub: broker.id, role: 'BROKER', name: 'Bea Broker' }));
    expect(asUser.status).toBe(403);
    expect((await ctx.http.get(IDENTITY_CONTACTS_PATH(B1.id))).status).toBe(401);
    expect((await ctx.http.get(IDENTITY_CONTACTS_PATH('nope')).set(serviceHeader('messaging'))).status).toBe(400);
  });
});
