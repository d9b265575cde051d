import { JOURNEY_MSG } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

describe('broker and agent progress views and step actions', () => {
  let ctx: Ctx;
  let L: string;
  let other: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Watched', price: 1, buyers: [{ id: USERS.buyer.sub }] });
    other = await insertListing(ctx, { title: 'Other', price: 1, buyers: [{ id: USERS.buyer.sub }] });
  });

  it('the seller view: steps with accessible flags, isViewingSelectedListing from the seller\'s selection', async () => {
    let v = await ctx.http.get(`/broker/listings/${L}/progress`).set(as('broker'));
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ currentStep: 0, isViewingSelectedListing: false, totalSteps: 11, completedSteps: 0, listingId: L, userId: USERS.seller.sub });
    expect(v.body.steps[0]).toEqual({
      id: 0, title: 'Home', completed: false, accessible: true, completedAt: null, completedBy: null, completedByName: null,
      reopenedBy: null, reopenedByName: null, reopenedAt: null,
    });
    expect(v.body.steps[1].accessible).toBe(false);
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: L });
    v = await ctx.http.get(`/agent/listings/${L}/progress`).set(as('agent'));
    expect(v.body).toMatchObject({ currentStep: 1, isViewingSelectedListing: true, completedSteps: 1 });
    const notSelected = await ctx.http.get(`/broker/listings/${other}/progress`).set(as('broker'));
    expect(notSelected.body.isViewingSelectedListing).toBe(false);
  });

  it('the broker completes any step (even an event step) and reopens it; the client sees it', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: L });
    const c = await ctx.http.post(`/broker/buyers/${USERS.buyer.sub}/listings/${L}/steps/1/complete`).set(as('broker'));
    expect(c.status).toBe(200);
    expect(c.body.message).toBe(JOURNEY_MSG.completed);
    expect(c.body.progress).toMatchObject({ currentStep: 2, isViewingSelectedListing: true });
    expect(c.body.progress.steps[1]).toMatchObject({ completed: true, completedBy: USERS.broker.sub, completedByName: 'Morgan Broker', accessible: true });
    await ctx.http.post(`/broker/buyers/${USERS.buyer.sub}/listings/${L}/steps/2/complete`).set(as('broker'));
    const r = await ctx.http.post(`/broker/buyers/${USERS.buyer.sub}/listings/${L}/steps/1/reopen`).set(as('broker'));
    expect(r.body.message).toBe(JOURNEY_MSG.reopened);
    expect(r.body.progress).toMatchObject({ currentStep: 1, completedSteps: 2 });
    const mine = await ctx.http.get('/buyer/progress').set(as('buyer'));
    expect(mine.body).toMatchObject({ currentStep: 1, completedSteps: 2 });
    const view = await ctx.http.get(`/broker/buyers/${USERS.buyer.sub}/listings/${L}/progress`).set(as('broker'));
    expect(view.body.steps[2]).toMatchObject({ completed: true, accessible: false });
    const sellerStep = await ctx.http.post(`/broker/sellers/${USERS.seller.sub}/listings/${L}/steps/10/complete`).set(as('broker'));
    expect(sellerStep.body.progress.steps[10].completed).toBe(true);
    const bad = await ctx.http.post(`/broker/sellers/${USERS.seller.sub}/listings/${L}/steps/11/complete`).set(as('broker'));
    expect(bad.status).toBe(400);
  });

  it('a private-seller listing has an empty seller view', async () => {
    const [{ id }] = await ctx.ds.query(
      `INSERT INTO listings.listings (title, price, private_seller_name, private_seller_email) VALUES ('Private', 1, 'P', 'p@x.com') RETURNING id`,
    );
    const v = await ctx.http.get(`/broker/listings/${id}/progress`).set(as('broker'));
    expect(v.body).toMatchObject({ userId: null, currentStep: 0, completedSteps: 0, isViewingSelectedListing: false });
  });
});
