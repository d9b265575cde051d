import { JOURNEY_MSG } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import { StaffProgressService } from '../src/journeys/staff-progress.service.js';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

/** Issue 18 §1: the broker's complete / reopen of a client's step, recorded with who and when; agents read only. */
describe('staff step changes: the broker only, recorded and shown', () => {
  let ctx: Ctx;
  let L: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Watched', price: 1, buyers: [{ id: USERS.buyer.sub }] });
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: L });
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: L });
  });

  const buyerSteps = (stepId: number, action: 'complete' | 'reopen', area: 'broker' | 'agent' = 'broker') =>
    ctx.http.post(`/${area}/buyers/${USERS.buyer.sub}/listings/${L}/steps/${stepId}/${action}`).set(as(area));
  const history = () =>
    ctx.ds.query(
      `SELECT user_id, listing_id, step_id, action, changed_by, changed_by_name, changed_by_role, changed_at
       FROM listings.journey_step_changes ORDER BY id`,
    );

  it('an agent may not complete or reopen a client\'s step (403, nothing changed) but reads the progress', async () => {
    const before = (await ctx.http.get(`/agent/buyers/${USERS.buyer.sub}/listings/${L}/progress`).set(as('agent'))).body;
    for (const path of [
      `/agent/buyers/${USERS.buyer.sub}/listings/${L}/steps/1/complete`,
      `/agent/buyers/${USERS.buyer.sub}/listings/${L}/steps/0/reopen`,
      `/agent/sellers/${USERS.seller.sub}/listings/${L}/steps/1/complete`,
      `/agent/sellers/${USERS.seller.sub}/listings/${L}/steps/0/reopen`,
    ]) {
      const r = await ctx.http.post(path).set(as('agent'));
      expect([path, r.status]).toEqual([path, 403]);
      // the service's own refusal, or the route definition's (issue 18 §2: agents: nobody) when the guard answers first
      expect([JOURNEY_MSG.onlyBroker, FORBIDDEN_MESSAGE]).toContain(r.body.message);
    }
    const after = await ctx.http.get(`/agent/buyers/${USERS.buyer.sub}/listings/${L}/progress`).set(as('agent'));
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
    expect((await ctx.http.get(`/agent/listings/${L}/progress`).set(as('agent'))).status).toBe(200);
    // the service refuses on its own too (whatever routes to it)
    const staff = ctx.app.get(StaffProgressService);
    await expect(staff.change(USERS.agent, 'BUYER', USERS.buyer.sub, L, 1, 'complete')).rejects.toMatchObject({
      status: 403, response: { message: JOURNEY_MSG.onlyBroker },
    });
    expect(await history()).toEqual([]);
  });

  it('the broker\'s complete is recorded with who and when and shown by name in every progress view', async () => {
    const c = await buyerSteps(1, 'complete');
    expect(c.status).toBe(200);
    const [row] = await history();
    expect(row).toMatchObject({
      user_id: USERS.buyer.sub, listing_id: L, step_id: 1, action: 'complete', changed_by: USERS.broker.sub,
      changed_by_name: 'Morgan Broker', changed_by_role: 'BROKER',
    });
    const step = { completed: true, completedBy: USERS.broker.sub, completedByName: 'Morgan Broker', completedAt: new Date(row.changed_at).toISOString() };
    expect(c.body.progress.steps[1]).toMatchObject(step);
    for (const [path, who] of [
      [`/broker/buyers/${USERS.buyer.sub}/listings/${L}/progress`, 'broker'],
      [`/agent/buyers/${USERS.buyer.sub}/listings/${L}/progress`, 'agent'],
      ['/buyer/progress', 'buyer'],
    ] as const) {
      const v = await ctx.http.get(path).set(as(who));
      expect(v.body.steps[1]).toMatchObject({ ...step, reopenedBy: null, reopenedByName: null, reopenedAt: null });
      // the client's own completion is theirs, by name
      expect(v.body.steps[0]).toMatchObject({ completedBy: USERS.buyer.sub, completedByName: 'Blake Buyer' });
    }
    // the seller's journey too
    await ctx.http.post(`/broker/sellers/${USERS.seller.sub}/listings/${L}/steps/1/complete`).set(as('broker'));
    const s = await ctx.http.get(`/agent/listings/${L}/progress`).set(as('agent'));
    expect(s.body.steps[1]).toMatchObject({ completedByName: 'Morgan Broker' });
    expect((await ctx.http.get('/seller/progress').set(as('seller'))).body.steps[1]).toMatchObject({ completedByName: 'Morgan Broker' });
  });

  it('a reopen is recorded; the views carry the last reopenedBy/At; a change that changes nothing is not recorded', async () => {
    await buyerSteps(1, 'complete');
    const r = await buyerSteps(1, 'reopen');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(JOURNEY_MSG.reopened);
    const rows = await history();
    expect(rows.map((x: { action: string }) => x.action)).toEqual(['complete', 'reopen']);
    const reopened = { reopenedBy: USERS.broker.sub, reopenedByName: 'Morgan Broker', reopenedAt: new Date(rows[1].changed_at).toISOString() };
    expect(r.body.progress.steps[1]).toMatchObject({ completed: false, completedBy: null, completedByName: null, ...reopened });
    expect((await ctx.http.get('/buyer/progress').set(as('buyer'))).body.steps[1]).toMatchObject(reopened);
    // a reopen of a step that is open and ahead, a complete of a completed one: nothing changed, nothing recorded
    await buyerSteps(5, 'reopen');
    await buyerSteps(0, 'complete');
    expect(await history()).toHaveLength(2);
  });
});
