import { randomUUID } from 'node:crypto';
import { JOURNEY_MSG, MANUAL_STEPS } from '@brokerage/contracts';
import { as, createApp, insertListing, resetDb, USERS, type Ctx, type Who } from './helpers.js';

/**
 * Issue 18 §1: locked steps are view-only on the server, and a step whose completion is its work completes only
 * through that work (update-step on it: 409 while the work is not done, a no-op once it is).
 */
describe('client step writes: locked steps and work steps', () => {
  let ctx: Ctx;
  let L: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Roastery', price: 1, buyers: [{ id: USERS.buyer.sub }] });
  });

  const area = (who: Who) => (USERS[who].role === 'SELLER' ? 'seller' : 'buyer');
  const post = (who: Who, path: string, body: object) => ctx.http.post(`/${area(who)}/${path}`).set(as(who)).send(body);
  const progress = async (who: Who) => (await ctx.http.get(`/${area(who)}/progress`).set(as(who))).body;
  const event = (userId: string, stepId: number) =>
    ctx.http.post('/internal/journeys/events').set(as('documents')).send({ eventId: randomUUID(), userId, stepId, source: 'test' });

  it('every client step write to a step not yet accessible is 409 "Complete previous steps to unlock" and changes nothing', async () => {
    await post('buyer', 'select-listing', { listingId: L });
    await post('seller', 'select-listing', { listingId: L });
    const before = { buyer: await progress('buyer'), seller: await progress('seller') };
    const writes: Array<[Who, string, object]> = [
      ['buyer', 'update-step', { stepId: 4 }], // a work step (CBR/CIM), locked
      ['buyer', 'update-step', { stepId: 8, completed: true }], // a hand step, locked
      ['buyer', 'mark-step-completed', { stepId: 9 }],
      ['buyer', 'update-step', { stepId: 2, completed: false }], // not a toggle, and locked
      ['buyer', 'mark-step-incomplete', { stepId: 3 }],
      ['buyer', 'nda/save', { nda: { firstName: 'Early' } }], // the NDA form before step 2 is reached
      ['buyer', 'financial-statement/save', { financialStatement: {} }],
      ['buyer', 'nda/submit', { nda: {} }], // an incomplete form: the lock is said first, not the missing fields
      ['buyer', 'financial-statement/submit', { financialStatement: {} }],
      ['seller', 'mark-step-incomplete', { stepId: 8 }], // the seller's toggle, locked
      ['seller', 'update-step', { stepId: 10 }],
      ['seller', 'questionnaire/save', { questionnaire: {} }],
    ];
    for (const [who, path, body] of writes) {
      const r = await post(who, path, body);
      expect([who, path, r.status, r.body]).toEqual([who, path, 409, { message: JOURNEY_MSG.notAccessible }]);
    }
    expect(await progress('buyer')).toEqual(before.buyer);
    expect(await progress('seller')).toEqual(before.seller);
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.client_forms`);
    expect(n).toBe(0);
  });

  it('a work step: update-step {completed: true} is 409 while its work is not done, a no-op (200) once it is', async () => {
    await post('buyer', 'select-listing', { listingId: L });
    await event(USERS.buyer.sub, 1); // a message: step 2 (Non Disclosure) is reachable now
    expect(MANUAL_STEPS.BUYER).not.toContain(2);
    for (const path of ['update-step', 'mark-step-completed']) {
      const r = await post('buyer', path, { stepId: 2, completed: true });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ message: JOURNEY_MSG.notManual });
    }
    let p = await progress('buyer');
    expect(p.steps[2]).toMatchObject({ completed: false, completedAt: null });
    expect(p.currentStep).toBe(2);

    // the work: the NDA submitted
    const nda = { firstName: 'Blake', lastName: 'Buyer', email: 'blake@example.com', phone: '1', listingInterest: L, agreementAccepted: true, signature: 'Blake' };
    expect((await post('buyer', 'nda/submit', { nda })).status).toBe(200);
    p = await progress('buyer');
    const signedAt = p.steps[2].completedAt;
    expect(signedAt).toEqual(expect.any(String));
    const again = await post('buyer', 'update-step', { stepId: 2 });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(JOURNEY_MSG.alreadyCompleted);
    expect(again.body.progress.steps[2]).toMatchObject({ completed: true, completedAt: signedAt, completedBy: USERS.buyer.sub });
    expect(await progress('buyer')).toEqual(p);

    // the selection (step 0) is its own work too: a no-op once selected
    const zero = await post('buyer', 'update-step', { stepId: 0 });
    expect([zero.status, zero.body.message]).toEqual([200, JOURNEY_MSG.alreadyCompleted]);
  });

  it('the seller\'s questionnaire (3) and listing agreement (2) complete only through their work', async () => {
    await post('seller', 'select-listing', { listingId: L });
    await event(USERS.seller.sub, 1);
    const agreement = await post('seller', 'update-step', { stepId: 2 });
    expect([agreement.status, agreement.body]).toEqual([409, { message: JOURNEY_MSG.notManual }]);
    await event(USERS.seller.sub, 2); // the signed listing agreement (documents' event)
    const q = await post('seller', 'mark-step-completed', { stepId: 3 });
    expect([q.status, q.body]).toEqual([409, { message: JOURNEY_MSG.notManual }]);
    expect((await progress('seller')).steps[3].completed).toBe(false);
    const done = await post('seller', 'update-step', { stepId: 2 });
    expect([done.status, done.body.message]).toEqual([200, JOURNEY_MSG.alreadyCompleted]);
  });

  it('the spec\'s "Mark as Complete" steps stay manual once reached', async () => {
    await post('buyer', 'select-listing', { listingId: L });
    for (const s of [1, 2, 3, 4, 5, 6, 7]) await event(USERS.buyer.sub, s);
    const r = await post('buyer', 'update-step', { stepId: 8 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(JOURNEY_MSG.completed);
    expect(r.body.progress.steps[8]).toMatchObject({ completed: true, completedBy: USERS.buyer.sub, completedByName: 'Blake Buyer' });
  });
});
