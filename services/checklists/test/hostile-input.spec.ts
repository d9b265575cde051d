import { randomUUID } from 'node:crypto';
import { INPUT_MSG } from '@brokerage/contracts';
import { createTestApp, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { USERS, as } from './helpers.js';
import { startListingsStub, type ListingsStub } from './listings-stub.js';

/** Issue 18 §3: a NUL reached PostgreSQL (which refuses 0x00) and answered 500; now 400 at the edge, nothing stored. */
describe('checklists: hostile text answers 400', () => {
  let ctx: TestApp;
  let stub: ListingsStub;
  const listing = randomUUID();

  beforeAll(async () => {
    stub = await startListingsStub();
    ctx = await createTestApp(AppModule, 'checklists');
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub] });
  });
  afterAll(async () => {
    await ctx.app.close();
    await stub.close();
  });

  const history = async () => Number((await ctx.ds.query('SELECT count(*)::int AS n FROM checklists.checklist_history'))[0].n);

  it('PUT …/pre-close-checklist/item with a NUL in a field → 400 {message, field}, no tick recorded', async () => {
    const before = await history(); // other suites of the run share the table
    for (const [field, body] of [
      ['itemId', { categoryId: 'A', itemId: 'A1\u0000', userRole: 'broker' }],
      ['categoryId', { categoryId: 'A\u0000', itemId: 'A1', userRole: 'broker' }],
    ] as const) {
      const res = await ctx.http.put(`/broker/listings/${listing}/pre-close-checklist/item`).set(as('broker')).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INPUT_MSG.nul, field });
    }
    const legacy = await ctx.http.put('/buyer/pre-close-checklist').set(as('buyer')).send({ categoryId: 'A', itemId: '\u0000', userRole: 'buyer' });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toEqual({ message: INPUT_MSG.nul, field: 'itemId' });
    expect(await history()).toBe(before);
  });
});
