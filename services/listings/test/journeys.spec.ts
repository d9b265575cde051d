import { BUYER_STEPS, JOURNEY_MSG, LISTING_TEXT, SELLER_STEPS } from '@brokerage/contracts';
import { randomUUID } from 'node:crypto';
import { as, createApp, insertListing, resetDb, USERS, UNKNOWN_ID, type Ctx } from './helpers.js';

describe('journeys: selection, progress and the step rules', () => {
  let ctx: Ctx;
  let listing: string;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetDb(ctx);
    listing = await insertListing(ctx, { title: 'Coffee Roastery', price: 685000, buyers: [{ id: USERS.buyer.sub }] });
  });

  const event = (userId: string, stepId: number, eventId = randomUUID(), listingId?: string) =>
    ctx.http.post('/internal/journeys/events').set(as('documents')).send({ eventId, userId, stepId, source: 'test', ...(listingId ? { listingId } : {}) });

  it('without a selection: needsSelection, step 0 current, nothing completed, the spec titles', async () => {
    const cur = await ctx.http.get('/seller/current-listing').set(as('seller'));
    expect(cur.status).toBe(200);
    expect(cur.body).toEqual({ listing: null, needsSelection: true });
    const p = await ctx.http.get('/seller/progress').set(as('seller'));
    expect(p.body).toMatchObject({ currentStep: 0, selectedListingId: null, totalSteps: 11, completedSteps: 0 });
    expect(p.body.steps.map((s: { title: string }) => s.title)).toEqual([
      'Home', 'Messages', 'Listing Agreement', 'Questionnaire', 'Financials', 'Buyer Activity', 'Purchase Agreement',
      'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale',
    ]);
    const b = await ctx.http.get('/buyer/progress').set(as('buyer'));
    expect(b.body.steps.map((s: { title: string }) => s.title)).toEqual([
      'Select Listing', 'Messages', 'Non Disclosure', 'Financial Statement', 'CBR/CIM', 'Upload Docs', 'Purchase Contract',
      'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale',
    ]);
    expect(SELLER_STEPS).toHaveLength(11);
    expect(BUYER_STEPS).toHaveLength(11);
  });

  it('selecting a listing completes step 0 and makes step 1 current; current-listing answers it', async () => {
    const sel = await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: listing });
    expect(sel.status).toBe(200);
    expect(sel.body.message).toBe(LISTING_TEXT.selected);
    expect(sel.body.listing).toMatchObject({ id: listing, title: 'Coffee Roastery', price: 685000 });
    expect(sel.body.progress).toMatchObject({ currentStep: 1, completedSteps: 1, selectedListingId: listing });
    expect(sel.body.progress.steps[0]).toMatchObject({ id: 0, completed: true, completedBy: USERS.seller.sub });
    const cur = await ctx.http.get('/seller/current-listing').set(as('seller'));
    expect(cur.body).toMatchObject({ needsSelection: false, listing: { id: listing, seller: { id: USERS.seller.sub, name: 'Sam Seller' } } });
  });

  it('GET /internal/journeys/selected-listing answers the selection, null before it and for another role', async () => {
    const ask = (userId: string, role: string) => ctx.http.get(`/internal/journeys/selected-listing?userId=${userId}&role=${role}`).set(as('documents'));
    expect((await ask(USERS.seller.sub, 'SELLER')).body).toEqual({ listingId: null });
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: listing });
    expect((await ask(USERS.seller.sub, 'SELLER')).body).toEqual({ listingId: listing });
    expect((await ask(USERS.seller.sub, 'BUYER')).body).toEqual({ listingId: null });
    expect((await ask('nope', 'SELLER')).status).toBe(400);
  });

  it('a seller cannot select a listing that is not theirs (404), a bad id is 400', async () => {
    const other = await insertListing(ctx, { title: 'Not mine', price: 1, sellerId: USERS.otherSeller.sub });
    expect((await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: other })).status).toBe(404);
    expect((await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: UNKNOWN_ID })).status).toBe(404);
    const bad = await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Invalid listing id', field: 'listingId' });
  });

  it('a buyer selecting an ACTIVE listing becomes an interested party; not a CLOSED one, nor after rejection', async () => {
    const active = await insertListing(ctx, { title: 'Open', price: 10, sellerId: USERS.otherSeller.sub });
    const closed = await insertListing(ctx, { title: 'Closed', price: 10, status: 'CLOSED' });
    const res = await ctx.http.post('/buyer/select-listing').set(as('otherBuyer')).send({ listingId: active });
    expect(res.status).toBe(200);
    expect(res.body.progress.currentStep).toBe(1);
    const [party] = await ctx.ds.query(`SELECT status FROM listings.listing_buyers WHERE listing_id = $1 AND buyer_id = $2`, [active, USERS.otherBuyer.sub]);
    expect(party.status).toBe('interested');
    expect((await ctx.http.post('/buyer/select-listing').set(as('otherBuyer')).send({ listingId: closed })).status).toBe(404);
    await ctx.ds.query(`UPDATE listings.listing_buyers SET status = 'rejected' WHERE listing_id = $1`, [active]);
    expect((await ctx.http.post('/buyer/select-listing').set(as('otherBuyer')).send({ listingId: active })).status).toBe(404);
    const cur = await ctx.http.get('/buyer/current-listing').set(as('otherBuyer'));
    expect(cur.body).toEqual({ listing: null, needsSelection: true });
  });

  it('manual steps: only the spec hand steps, only when accessible; other steps 409', async () => {
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: listing });
    const notManual = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 1 });
    expect(notManual.status).toBe(409);
    expect(notManual.body).toEqual({ message: JOURNEY_MSG.notManual });
    const locked = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 });
    expect(locked.status).toBe(409);
    expect(locked.body).toEqual({ message: JOURNEY_MSG.notAccessible });
    const buyerManual = await ctx.http.post('/buyer/mark-step-completed').set(as('buyer')).send({ stepId: 5 });
    expect(buyerManual.status).toBe(409);
    const range = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 11 });
    expect(range.status).toBe(400);
    expect(range.body.message).toBe(JOURNEY_MSG.invalidStep);
  });

  it('without a selection a hand step is 409 "No listing selected"', async () => {
    const res = await ctx.http.post('/buyer/mark-step-completed').set(as('buyer')).send({ stepId: 8 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: JOURNEY_MSG.noSelection });
  });

  it('events complete event steps in order; the seller then marks Buyer Activity, toggles the checklist step', async () => {
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: listing });
    for (const step of [1, 2, 3, 4]) expect((await event(USERS.seller.sub, step)).status).toBe(200);
    let p = (await ctx.http.get('/seller/progress').set(as('seller'))).body;
    expect(p.currentStep).toBe(5);
    const mark = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 });
    expect(mark.status).toBe(200);
    expect(mark.body.progress).toMatchObject({ currentStep: 6, completedSteps: 6 });
    const again = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(JOURNEY_MSG.alreadyCompleted);
    for (const step of [6, 7]) await event(USERS.seller.sub, step);
    const toggle = await ctx.http.post('/seller/update-step').set(as('seller')).send({ stepId: 8, completed: true });
    expect(toggle.body.progress.currentStep).toBe(9);
    const off = await ctx.http.post('/seller/mark-step-incomplete').set(as('seller')).send({ stepId: 8 });
    expect(off.status).toBe(200);
    expect(off.body.progress.currentStep).toBe(8);
    expect(off.body.progress.steps[8].completed).toBe(false);
    const notToggle = await ctx.http.post('/seller/mark-step-incomplete').set(as('seller')).send({ stepId: 5 });
    expect(notToggle.status).toBe(409);
    expect(notToggle.body).toEqual({ message: JOURNEY_MSG.notToggle });
    await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 8 });
    await ctx.http.post('/seller/update-step').set(as('seller')).send({ stepId: 9 });
    const done = await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 10 });
    expect(done.body.progress).toMatchObject({ currentStep: 10, completedSteps: 11 });
    p = (await ctx.http.get('/seller/progress').set(as('seller'))).body;
    expect(p.steps.every((s: { completed: boolean }) => s.completed)).toBe(true);
  });

  it('an event for a locked step is recorded; the cursor moves past it when it gets there', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: listing });
    await event(USERS.buyer.sub, 3);
    let p = (await ctx.http.get('/buyer/progress').set(as('buyer'))).body;
    expect(p.currentStep).toBe(1);
    expect(p.steps[3].completed).toBe(true);
    await event(USERS.buyer.sub, 1);
    await event(USERS.buyer.sub, 2);
    p = (await ctx.http.get('/buyer/progress').set(as('buyer'))).body;
    expect(p.currentStep).toBe(4);
  });

  it('events are idempotent by eventId; non-event steps and strangers are refused', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: listing });
    const id = randomUUID();
    const first = await event(USERS.buyer.sub, 1, id);
    expect(first.body).toMatchObject({ applied: true, duplicate: false });
    await ctx.http.post(`/broker/buyers/${USERS.buyer.sub}/listings/${listing}/steps/1/reopen`).set(as('broker'));
    const dup = await event(USERS.buyer.sub, 1, id);
    expect(dup.body).toMatchObject({ applied: false, duplicate: true });
    expect(dup.body.progress.steps[1].completed).toBe(false);
    const manual = await event(USERS.buyer.sub, 8);
    expect(manual.status).toBe(409);
    expect(manual.body).toEqual({ message: JOURNEY_MSG.notEventStep });
    const stranger = await event(USERS.otherBuyer.sub, 1, randomUUID(), listing);
    expect(stranger.status).toBe(404);
    const noSel = await event(USERS.otherBuyer.sub, 1);
    expect(noSel.status).toBe(409);
    const asUser = await ctx.http.post('/internal/journeys/events').set(as('buyer')).send({ eventId: randomUUID(), userId: USERS.buyer.sub, stepId: 1, source: 'x' });
    expect(asUser.status).toBe(403);
  });

  it('200 concurrent events for one journey leave one consistent state (no lost update)', async () => {
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: listing });
    const steps = [1, 2, 3, 4, 5, 6, 7, 9];
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const results = await Promise.all(ids.map((id, i) => event(USERS.buyer.sub, steps[i % steps.length]!, id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.applied)).toHaveLength(200);
    const p = (await ctx.http.get('/buyer/progress').set(as('buyer'))).body;
    expect(p.currentStep).toBe(8);
    expect(p.completedSteps).toBe(9);
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM listings.journey_events`);
    expect(n).toBe(200);
    const replay = await Promise.all(ids.slice(0, 50).map((id) => event(USERS.buyer.sub, 1, id)));
    expect(replay.every((r) => r.body.duplicate)).toBe(true);
  });
});
