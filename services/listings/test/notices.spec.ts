import { randomUUID } from 'node:crypto';
import type { NoticeCommand } from '@brokerage/contracts';
import { IdleJourneyNotices } from '../src/needs-attention/idle-journey-notices.js';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service.js';
import { as, insertListing, journeyWith, resetDb, USERS, type Ctx } from './helpers.js';
import { createAppWithStubs, type ActivityStubs } from './support/activity-stubs.js';

const S = USERS.seller.sub;
const B = USERS.buyer.sub;
const B2 = USERS.otherBuyer.sub;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
type Row = { id: string; payload: NoticeCommand & { actorId?: string } };

/**
 * The listings service's e-mail notices (issue 24 §2): a `notice` row of listings.outbox per audience, written with
 * the change, relayed to identity's POST /internal/notices. No confidential content: the listing's title (public card),
 * step titles and names only — never a price, an offer's amount, the description, another buyer's name to a client.
 */
describe('listings notices (outbox kind notice → identity)', () => {
  let ctx: Ctx;
  let stubs: ActivityStubs;
  let close: () => Promise<void>;
  let L: string;
  beforeAll(async () => {
    ({ ctx, stubs, close } = await createAppWithStubs());
  });
  afterAll(() => close());
  beforeEach(async () => {
    await resetDb(ctx);
    await ctx.ds.query('TRUNCATE listings.offers');
    ctx.identity.notices.length = 0;
    stubs.lastSent.clear();
    stubs.down = false;
    L = await insertListing(ctx, { title: 'Roastery', price: 4_250_000, buyers: [{ id: B }, { id: B2 }] });
  });

  const notices = async (kind?: string): Promise<Row[]> =>
    (await ctx.ds.query(`SELECT id, payload FROM listings.outbox WHERE kind = 'notice' ORDER BY created_at, id`) as Row[])
      .filter((r) => !kind || r.payload.kind === kind);
  const relay = () => ctx.app.get(OutboxRelayService).drain();
  /** Nothing a listing's client may not see: the price, the description, an amount. */
  const clean = (rows: unknown) => {
    const text = JSON.stringify(rows);
    for (const secret of ['4250000', '4,250,000', 'About Roastery', '485000', 'Seasonal pricing']) expect(text).not.toContain(secret);
  };

  it('step-completed: the broker completes a buyer\'s step → one notice to that buyer (who, which step, the step\'s screen); a repeat writes none', async () => {
    await journeyWith(ctx, B, L, 'BUYER', [0, 1, 2]);
    const path = `/broker/buyers/${B}/listings/${L}/steps/3/complete`;
    expect((await ctx.http.post(path).set(as('broker'))).status).toBeLessThan(300);
    const rows = await notices();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(rows[0]!.payload.eventId);
    expect(rows[0]!.payload).toMatchObject({
      kind: 'step-completed', recipients: { userIds: [B] }, listingId: L, listingTitle: 'Roastery', actorName: 'Morgan Broker',
      headline: 'Morgan Broker completed “Financial Statement” for you on Roastery', link: '/buyer/financial-statement',
    });
    clean(rows);
    expect((await ctx.http.post(path).set(as('broker'))).status).toBeLessThan(300);
    expect(await notices()).toHaveLength(1);
    await relay();
    expect(ctx.identity.notices).toEqual([expect.objectContaining({ eventId: rows[0]!.id, kind: 'step-completed', recipients: { userIds: [B] } })]);
  });

  it('step-completed: a seller\'s own step → nothing to the seller; staff (brokers, the listing\'s agent under /agent) hear of it', async () => {
    await journeyWith(ctx, S, L, 'SELLER', [0, 1, 2, 3, 4]);
    await ctx.ds.query(`INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2)`, [S, L]);
    expect((await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 })).status).toBeLessThan(300);
    const rows = await notices();
    expect(rows.map((r) => r.payload.recipients)).toEqual([{ brokers: true }, { userIds: [USERS.agent.sub] }]);
    expect(rows.every((r) => !r.payload.recipients.userIds?.includes(S))).toBe(true);
    expect(rows.map((r) => r.payload.link)).toEqual([`/broker/sellers/${S}/${L}`, `/agent/sellers/${S}/${L}`]);
    expect(rows[0]!.payload).toMatchObject({ kind: 'step-completed', headline: 'Sam Seller completed “Buyer Activity” on Roastery' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    expect((await ctx.http.post('/seller/mark-step-completed').set(as('seller')).send({ stepId: 5 })).status).toBeLessThan(300);
    expect(await notices()).toHaveLength(2);
  });

  it('nda-signed: a buyer\'s NDA step from another service\'s event → staff only (no step-completed too), the buyer named at delivery', async () => {
    await journeyWith(ctx, B, L, 'BUYER', [0, 1]);
    const event = { eventId: randomUUID(), userId: B, listingId: L, stepId: 2, source: 'test.nda' };
    expect((await ctx.http.post('/internal/journeys/events').set(as('documents')).send(event)).status).toBe(200);
    const rows = await notices();
    expect(rows.map((r) => [r.payload.kind, r.payload.recipients, r.payload.link])).toEqual([
      ['nda-signed', { brokers: true }, `/broker/listings/${L}/activity`],
      ['nda-signed', { userIds: [USERS.agent.sub] }, `/agent/listings/${L}/activity`],
    ]);
    expect(rows[0]!.payload).toMatchObject({ actorId: B, headline: '{actor} signed the NDA for Roastery' });
    expect((await ctx.http.post('/internal/journeys/events').set(as('documents')).send({ ...event, eventId: randomUUID() })).status).toBe(200);
    expect(await notices()).toHaveLength(2);
    await relay();
    expect(ctx.identity.notices.map((n) => [n.headline, n.actorName])).toEqual([
      ['Blake Buyer signed the NDA for Roastery', 'Blake Buyer'],
      ['Blake Buyer signed the NDA for Roastery', 'Blake Buyer'],
    ]);
    expect(ctx.identity.notices.every((n) => !('actorId' in n))).toBe(true);
  });

  it('nda-signed: the public sign-up\'s NDA (selection + NDA in one change) → one nda-signed per staff audience, nothing else', async () => {
    const buyer = USERS.thirdBuyer.sub;
    const body = {
      buyerId: buyer, listingId: L, firstName: 'Sofia', lastName: 'Marin', email: 'sofia@example.com', phone: '(415) 555-0100',
      organization: '', addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', availableMoney: '250000', minimumIncome: '',
      totalPriceWilling: '', californiaRegions: [], timeFrameToPurchase: '', agreementAccepted: true, signature: 'Sofia Marin',
      signedAt: '2026-11-21T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
    };
    expect((await ctx.http.post('/internal/ndas').set(as('identityService')).send(body)).status).toBe(201);
    const rows = await notices();
    expect(rows.map((r) => r.payload.kind)).toEqual(['nda-signed', 'nda-signed']);
    await ctx.http.post('/internal/ndas').set(as('identityService')).send(body);
    expect(await notices()).toHaveLength(2);
  });

  it('offer-recorded: one notice to the seller, no amount, note or buyer; none for a listing with a private seller', async () => {
    const offer = { amount: 485000, date: '2026-03-01', note: 'Seasonal pricing' };
    expect((await ctx.http.post(`/agent/buyers/${B}/listings/${L}/offers`).set(as('agent')).send(offer)).status).toBe(201);
    const rows = await notices('offer-recorded');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ recipients: { userIds: [S] }, headline: 'An offer was recorded on Roastery', link: '/seller/buyer-activity' });
    expect(JSON.stringify(rows)).not.toContain('Blake');
    clean(rows);
    const [{ id: priv }] = await ctx.ds.query(
      `INSERT INTO listings.listings (title, price, agent_id, private_seller_name, private_seller_email) VALUES ('Bakery', 1, $1, 'P', 'p@x.com') RETURNING id`,
      [USERS.agent.sub],
    );
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, 'interested')`, [priv, B]);
    expect((await ctx.http.post(`/broker/buyers/${B}/listings/${priv}/offers`).set(as('broker')).send(offer)).status).toBe(201);
    expect(await notices('offer-recorded')).toHaveLength(1);
  });

  it('idle-journey: one notice per listing × client × idle period to staff; a later check of the same period writes none', async () => {
    await journeyWith(ctx, S, L, 'SELLER', [0, 1]);
    await journeyWith(ctx, B, L, 'BUYER', [0, 1, 2]);
    for (const u of [S, B]) {
      await ctx.ds.query(
        `UPDATE listings.journeys SET updated_at = $3, completed_at = ARRAY(SELECT CASE WHEN t IS NULL THEN NULL ELSE $3::timestamptz END FROM unnest(completed_at) t)
          WHERE user_id = $1 AND listing_id = $2`, [u, L, daysAgo(20)],
      );
    }
    stubs.lastSent.set(B, daysAgo(3)); // wrote lately: not idle
    const idle = ctx.app.get(IdleJourneyNotices);
    await idle.check();
    const rows = await notices('idle-journey');
    expect(rows.map((r) => [r.payload.recipients, r.payload.link])).toEqual([
      [{ brokers: true }, `/broker/sellers/${S}/${L}`],
      [{ userIds: [USERS.agent.sub] }, `/agent/sellers/${S}/${L}`],
    ]);
    expect(await idle.check()).toBe(0);
    expect(await notices('idle-journey')).toHaveLength(2);
    await relay();
    expect(ctx.identity.notices.filter((n) => n.kind === 'idle-journey').map((n) => n.headline))
      .toEqual(['Sam Seller on Roastery: no completed step or message for 14 days', 'Sam Seller on Roastery: no completed step or message for 14 days']);
    // messaging down: no guessed idleness, nothing written
    await ctx.ds.query(`TRUNCATE listings.outbox`);
    stubs.down = true;
    await expect(idle.check()).rejects.toBeTruthy();
    expect(await notices('idle-journey')).toHaveLength(0);
  });
});
