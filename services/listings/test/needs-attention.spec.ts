import { as, insertListing, journeyWith, resetDb, USERS, type Ctx } from './helpers.js';
import { createAppWithStubs, type ActivityStubs } from './support/activity-stubs.js';

const S = USERS.seller.sub;
const B1 = USERS.buyer.sub;
const B2 = USERS.otherBuyer.sub;
const B3 = USERS.thirdBuyer.sub;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** GET /broker|agent/needs-attention: the staff dashboard's list (issue 19 §3; contracts needs-attention.ts). */
describe('staff needs attention', () => {
  let ctx: Ctx;
  let stubs: ActivityStubs;
  let close: () => Promise<void>;
  let L: string;
  let L2: string;
  beforeAll(async () => {
    ({ ctx, stubs, close } = await createAppWithStubs());
  });
  afterAll(() => close());

  /** A journey whose every change and completed step lies `days` back. */
  const ageJourney = (userId: string, listingId: string, days: number) =>
    ctx.ds.query(
      `UPDATE listings.journeys SET updated_at = $3, completed_at = ARRAY(SELECT CASE WHEN t IS NULL THEN NULL ELSE $3::timestamptz END FROM unnest(completed_at) t)
        WHERE user_id = $1 AND listing_id = $2`,
      [userId, listingId, daysAgo(days)],
    );

  beforeEach(async () => {
    await resetDb(ctx);
    stubs.lastSent.clear();
    stubs.attention = { uploads: [], dueDiligence: [] };
    stubs.attentionAsked.length = 0;
    stubs.down = false;
    // L: the demo agent's; B1 signed the NDA and waits for approval, B2 is approved, B3 rejected.
    L = await insertListing(ctx, { title: 'Roastery', price: 500000, buyers: [{ id: B1 }, { id: B2, status: 'approved' }, { id: B3, status: 'rejected' }] });
    // L2: another agent's; B3 signed its NDA and waits.
    L2 = await insertListing(ctx, { title: 'Bike Shop', price: 90000, agentId: USERS.otherAgent.sub, sellerId: USERS.otherSeller.sub, buyers: [{ id: B3 }] });
    for (const b of [B1, B2, B3]) await journeyWith(ctx, b, L, 'BUYER', [0, 1, 2]);
    await journeyWith(ctx, B3, L2, 'BUYER', [0, 1, 2]);
    await ctx.ds.query(`UPDATE listings.journeys SET completed_at[3] = $2 WHERE user_id = $1 AND listing_id = $3`, [B3, daysAgo(1), L2]);
    await journeyWith(ctx, S, L, 'SELLER', [0, 1]);
    // Quiet for 20 days: the seller (no message either: idle), B2 (sent a message 3 days ago: not idle), B3 on L (rejected: no party).
    await ageJourney(S, L, 20);
    await ageJourney(B2, L, 20);
    await ageJourney(B3, L, 20);
    stubs.lastSent.set(B2, daysAgo(3));
    stubs.attention = {
      uploads: [
        { listingId: L, userId: S, role: 'SELLER', count: 2, lastAt: daysAgo(1) },
        { listingId: L2, userId: B3, role: 'BUYER', count: 1, lastAt: daysAgo(2) },
      ],
      dueDiligence: [{ listingId: L, buyerId: B2, open: 3, oldestAt: daysAgo(4) }],
    };
  });

  const get = (who: 'broker' | 'agent' | 'otherAgent' | 'seller' | 'buyer', area = who === 'broker' ? 'broker' : 'agent') =>
    ctx.http.get(`/${area}/needs-attention`).set(as(who));
  const summary = (body: { items: Array<{ kind: string; listingId: string; clientId: string; clientKind: string; count: number }> }) =>
    body.items.map((i) => `${i.kind} ${i.listingId === L ? 'L' : i.listingId === L2 ? 'L2' : '?'} ${i.clientId} ${i.clientKind} ${i.count}`);

  it('the broker gets every open listing\'s signed NDAs, client uploads, open requests and idle journeys, most urgent kinds first, with names and titles', async () => {
    const res = await get('broker');
    expect(res.status).toBe(200);
    expect(summary(res.body)).toEqual([
      `nda-signed L ${B1} buyers 1`,
      `nda-signed L2 ${B3} buyers 1`,
      `client-upload L ${S} sellers 2`,
      `client-upload L2 ${B3} buyers 1`,
      `due-diligence-request L ${B2} buyers 3`,
      `idle-journey L ${S} sellers 1`,
    ]);
    expect(res.body.total).toBe(6);
    expect(res.body.items[0]).toMatchObject({ listingTitle: 'Roastery', clientName: 'Blake Buyer' });
    expect(Date.parse(res.body.items[5].at)).toBeLessThan(Date.now() - 19 * 86_400_000);
    // documents is asked about both open listings, for the last 7 days.
    expect(stubs.attentionAsked[0]!.listingIds.sort()).toEqual([L, L2].sort());
    expect(Math.abs(Date.parse(stubs.attentionAsked[0]!.since) - (Date.now() - 7 * 86_400_000))).toBeLessThan(120_000);
  });

  it('an agent gets the items of their assigned listings only; another agent none of them', async () => {
    const res = await get('agent');
    expect(res.status).toBe(200);
    expect(summary(res.body)).toEqual([
      `nda-signed L ${B1} buyers 1`,
      `client-upload L ${S} sellers 2`,
      `due-diligence-request L ${B2} buyers 3`,
      `idle-journey L ${S} sellers 1`,
    ]);
    expect(stubs.attentionAsked[0]!.listingIds).toEqual([L]);
    const other = await get('otherAgent');
    expect(summary(other.body)).toEqual([`nda-signed L2 ${B3} buyers 1`, `client-upload L2 ${B3} buyers 1`]);
    expect(JSON.stringify(other.body)).not.toContain('Roastery');
  });

  it('a message or a completed step within 14 days keeps a journey off the list; archived and closed listings are left out', async () => {
    stubs.lastSent.set(S, daysAgo(13));
    expect(summary((await get('broker')).body).filter((s) => s.startsWith('idle'))).toEqual([]);
    stubs.lastSent.delete(S);
    await ctx.ds.query(`UPDATE listings.journeys SET completed_at[3] = now() WHERE user_id = $1 AND listing_id = $2`, [S, L]);
    expect(summary((await get('broker')).body).filter((s) => s.startsWith('idle'))).toEqual([]);
    await ctx.ds.query(`UPDATE listings.listings SET status = 'INACTIVE' WHERE id = $1`, [L]);
    await ctx.ds.query(`UPDATE listings.listings SET status = 'CLOSED' WHERE id = $1`, [L2]);
    expect((await get('broker')).body).toEqual({ items: [], total: 0 });
  });

  it('sellers and buyers get 403, an agent on the broker\'s route 403; documents down → 503', async () => {
    for (const who of ['seller', 'buyer'] as const) {
      expect((await get(who, 'broker')).status).toBe(403);
      expect((await get(who, 'agent')).status).toBe(403);
    }
    expect((await get('agent', 'broker')).status).toBe(403);
    expect((await get('broker', 'agent')).status).toBe(403);
    stubs.down = true;
    expect((await get('broker')).status).toBe(503);
  });
});
