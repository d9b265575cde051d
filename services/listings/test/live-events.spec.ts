import { listingEventsChannel, listingPartiesAnswerSchema } from '@brokerage/contracts';
import { listingEventRecipients, type ListingEventNotice } from '@brokerage/contracts/live-events';
import { hearListingEvents, type ListingEventsEar } from '@brokerage/nest-common/testing';
import { as, createApp, insertListing, journeyWith, resetDb, USERS, type Ctx, type Who } from './helpers.js';

/**
 * Issue 19 §2: every change of listings publishes its ids-only event on the listing's channel once committed, with
 * the audience the relay (checklists) reads; here the recipients are worked out as the relay does, from listings' own
 * parties answer (with its ndaBuyerIds) and the active brokers.
 */
describe('live listing events (events:listing:{id}) and who receives them', () => {
  let ctx: Ctx;
  let ear: ListingEventsEar;
  let L: string;
  let L2: string;
  const pastNda = USERS.buyer.sub;
  const beforeNda = USERS.thirdBuyer.sub;
  const BROKERS = [USERS.broker.sub];

  beforeAll(async () => {
    ctx = await createApp();
    ear = await hearListingEvents();
  });
  afterAll(async () => {
    await ear.close();
    await ctx.close();
  });
  beforeEach(async () => {
    await resetDb(ctx);
    ear.heard.length = 0;
    // the demo seller's listing, the demo agent's; one buyer past the NDA, one before it
    L = await insertListing(ctx, { title: 'Roastery', price: 500000, buyers: [{ id: pastNda }, { id: beforeNda }] });
    await journeyWith(ctx, pastNda, L, 'BUYER', [0, 1, 2]);
    await journeyWith(ctx, beforeNda, L, 'BUYER', [0]);
    await journeyWith(ctx, USERS.seller.sub, L, 'SELLER', [0, 1, 2, 3, 4]);
    L2 = await insertListing(ctx, { title: 'Other', price: 1, sellerId: USERS.otherSeller.sub, agentId: USERS.otherAgent.sub, buyers: [{ id: USERS.otherBuyer.sub }] });
  });

  /** The notices of `type` heard on L's channel (waits for at least `n`). */
  const notices = (type: string, n = 1, listingId = L) => ear.of(listingId, type, n);
  /** Who the relay sends a notice to, from listings' parties answer at this moment. */
  async function recipients(notice: ListingEventNotice): Promise<string[]> {
    const res = await ctx.http.get(`/internal/listings/${notice.listingId}/parties`).set(as('documents'));
    const parties = listingPartiesAnswerSchema.parse(res.body);
    return listingEventRecipients(notice.to, { ...parties, ndaBuyerIds: parties.ndaBuyerIds ?? [] }, BROKERS).sort();
  }
  const ids = (...who: Who[]) => who.map((w) => USERS[w].sub).sort();
  /** The event as a user gets it: ids only (no title, price, name, amount). */
  const eventKeys = (n: ListingEventNotice) => Object.keys(n).filter((k) => k !== 'to').sort();

  it('the parties answer lists the buyers past their NDA (one query)', async () => {
    const res = await ctx.http.get(`/internal/listings/${L}/parties`).set(as('documents'));
    expect(res.body).toMatchObject({ buyerIds: [pastNda, beforeNda], ndaBuyerIds: [pastNda] });
  });

  it('staff complete a step of a buyer past the NDA: step.completed (by staff) to staff, that buyer and the seller; not the buyer before the NDA, not another listing\'s parties', async () => {
    expect((await ctx.http.post(`/broker/buyers/${pastNda}/listings/${L}/steps/3/complete`).set(as('broker'))).status).toBeLessThan(300);
    const [n] = await notices('step.completed');
    expect(n).toMatchObject({ listingId: L, userId: pastNda, stepId: 3, kind: 'BUYER', by: 'staff' });
    expect(eventKeys(n!)).toEqual(['at', 'by', 'kind', 'listingId', 'stepId', 'type', 'userId']);
    expect(await recipients(n!)).toEqual(ids('broker', 'agent', 'seller', 'buyer'));
  });

  it('a step of a buyer before the NDA goes to staff and that buyer only; their NDA step also says nda.signed, then the seller learns of them', async () => {
    expect((await ctx.http.post(`/broker/buyers/${beforeNda}/listings/${L}/steps/1/complete`).set(as('broker'))).status).toBeLessThan(300);
    const [first] = await notices('step.completed');
    expect(await recipients(first!)).toEqual(ids('broker', 'agent', 'thirdBuyer'));
    expect((await ctx.http.post(`/broker/buyers/${beforeNda}/listings/${L}/steps/2/complete`).set(as('broker'))).status).toBeLessThan(300);
    const [nda] = await notices('nda.signed');
    expect(nda).toMatchObject({ listingId: L, userId: beforeNda, kind: 'BUYER' });
    expect(await recipients(nda!)).toEqual(ids('broker', 'agent', 'seller', 'thirdBuyer'));
  });

  it('the seller completes a hand step: step.completed (by the client) to staff and the seller, no buyer; a reopen by staff: step.reopened', async () => {
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: L }).expect(200);
    expect((await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 })).status).toBe(200);
    const [done] = await notices('step.completed');
    expect(done).toMatchObject({ userId: USERS.seller.sub, stepId: 5, kind: 'SELLER', by: 'client' });
    expect(await recipients(done!)).toEqual(ids('broker', 'agent', 'seller'));
    expect((await ctx.http.post(`/broker/sellers/${USERS.seller.sub}/listings/${L}/steps/5/reopen`).set(as('broker'))).status).toBeLessThan(300);
    const [reopened] = await notices('step.reopened');
    expect(reopened).toMatchObject({ stepId: 5, by: 'staff' });
    expect(await recipients(reopened!)).toEqual(ids('broker', 'agent', 'seller'));
  });

  it('an offer recorded: staff and the seller; no buyer (not even the one it is about)', async () => {
    expect((await ctx.http.post(`/agent/buyers/${pastNda}/listings/${L}/offers`).set(as('agent')).send({ amount: 450000, date: '2026-03-01' })).status).toBe(201);
    const [n] = await notices('offer.recorded');
    expect(eventKeys(n!)).toEqual(['at', 'listingId', 'type', 'userId']);
    expect(await recipients(n!)).toEqual(ids('broker', 'agent', 'seller'));
  });

  it('the seller approves / rejects a buyer: staff, the seller and that buyer (the rejected one too, though no longer a party)', async () => {
    await ctx.http.post(`/seller/listings/${L}/approve-buyer`).set(as('seller')).send({ buyerId: beforeNda }).expect(200);
    const [approved] = await notices('buyer.approved');
    expect(await recipients(approved!)).toEqual(ids('broker', 'agent', 'seller', 'thirdBuyer'));
    await ctx.http.post(`/seller/listings/${L}/reject-buyer`).set(as('seller')).send({ buyerId: pastNda }).expect(200);
    const [rejected] = await notices('buyer.rejected');
    expect(await recipients(rejected!)).toEqual(ids('broker', 'agent', 'seller', 'buyer'));
  });

  it('the broker changes the listing, its seller and agent: listing.changed to its parties past the NDA, listing.assigned also to the seller and agent replaced; a created listing: listing.created', async () => {
    const put = await ctx.http.put(`/broker/listings/${L}`).set(as('broker')).send({ title: 'Roastery & Café', sellerId: USERS.otherSeller.sub, agentId: USERS.otherAgent.sub });
    expect(put.status).toBe(200);
    const [changed] = await notices('listing.changed');
    expect(eventKeys(changed!)).toEqual(['at', 'listingId', 'type']);
    // the new seller and agent now; the replaced ones only through listing.assigned
    expect(await recipients(changed!)).toEqual(ids('broker', 'otherAgent', 'otherSeller', 'buyer'));
    const [assigned] = await notices('listing.assigned');
    expect(await recipients(assigned!)).toEqual(ids('broker', 'otherAgent', 'otherSeller', 'agent', 'seller', 'buyer'));

    const created = await ctx.http.post('/broker/listings').set(as('broker')).send({ title: 'New', description: 'New one', price: 1000, sellerId: USERS.otherSeller.sub });
    expect(created.status).toBe(201);
    const [n] = await notices('listing.created', 1, created.body.listing.id);
    expect(await recipients(n!)).toEqual(ids('broker', 'otherSeller'));
  });

  it('a refused change publishes nothing; nothing is heard on another listing\'s channel', async () => {
    expect((await ctx.http.post(`/broker/buyers/${pastNda}/listings/${L}/steps/99/complete`).set(as('broker'))).status).toBe(400);
    expect((await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 })).status).toBe(409);
    await ear.settled();
    expect(ear.heard).toEqual([]);
    expect(ear.heard.filter((h) => h.channel === listingEventsChannel(L2))).toEqual([]);
  });
});
