import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  EVENT_QUEUE_PREFIX,
  EVENT_QUEUES,
  LISTING_EVENT_QUEUES,
  USER_DELETED,
  listingDeletedEventSchema,
  type UserDeletedEvent,
} from '@brokerage/contracts';
import { waitFor } from '@brokerage/nest-common/testing';
import { UserEventsService } from '../src/user-events/user-events.service.js';
import { as, createApp, insertListing, resetDb, USERS, type Ctx } from './helpers.js';

/** identity publishes user.deleted on listings' queue; the listings process consumes it (a real BullMQ job). */
describe('user.deleted consumer (BullMQ queue listings.user-events)', () => {
  let ctx: Ctx;
  let redis: Redis;
  let userEvents: Queue;
  let checklistEvents: Queue;
  beforeAll(async () => {
    ctx = await createApp();
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    userEvents = new Queue(EVENT_QUEUES.listingsUserEvents, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
    checklistEvents = new Queue(LISTING_EVENT_QUEUES.checklists, { connection: redis, prefix: EVENT_QUEUE_PREFIX });
  });
  afterAll(async () => {
    await userEvents.close();
    await checklistEvents.close();
    await ctx.close();
    await redis.quit();
  });
  beforeEach(() => resetDb(ctx));

  const publish = async (userId: string, role: UserDeletedEvent['role']) => {
    const e: UserDeletedEvent = { eventId: randomUUID(), userId, role, occurredAt: new Date().toISOString() };
    await userEvents.add(USER_DELETED, e, { jobId: e.eventId });
    return e;
  };
  const count = async (sql: string, params: unknown[]) => ((await ctx.ds.query(sql, params)) as { n: number }[])[0]!.n;
  const snapshot = async () =>
    ctx.ds.query(`SELECT (SELECT count(*) FROM listings.listings)::int AS l, (SELECT count(*) FROM listings.listing_buyers)::int AS b,
      (SELECT count(*) FROM listings.journeys)::int AS j, (SELECT count(*) FROM listings.outbox)::int AS o`);

  it('a deleted seller\'s listings go with their parties and journeys; each publishes listing.deleted to checklists', async () => {
    const a = await insertListing(ctx, { title: 'S1', price: 1, buyers: [{ id: USERS.buyer.sub }] });
    const b = await insertListing(ctx, { title: 'S2', price: 1 });
    const keep = await insertListing(ctx, { title: 'Other seller', price: 1, sellerId: USERS.otherSeller.sub, buyers: [{ id: USERS.buyer.sub }] });
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: a });
    await ctx.http.post('/seller/select-listing').set(as('seller')).send({ listingId: b });

    await publish(USERS.seller.sub, 'SELLER');
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM listings.listings WHERE seller_id = $1`, [USERS.seller.sub])) === 0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.journeys WHERE listing_id = ANY($1::uuid[])`, [[a, b]])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.listing_buyers WHERE listing_id = $1`, [keep])).toBe(1);

    const rows: { id: string; payload: unknown }[] = await ctx.ds.query(`SELECT id, payload FROM listings.outbox WHERE kind = 'listing.deleted' ORDER BY created_at`);
    expect(rows.map((r) => listingDeletedEventSchema.parse(r.payload).listingId).sort()).toEqual([a, b].sort());
    for (const r of rows) {
      const job = await waitFor(() => checklistEvents.getJob(r.id));
      expect(job.name).toBe('listing.deleted');
      expect(job.data).toEqual(r.payload);
    }
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM listings.outbox WHERE delivered_at IS NULL`, [])) === 0);

    const before = await snapshot();
    const second = await publish(USERS.seller.sub, 'SELLER');
    const again = await ctx.app.get(UserEventsService).userDeleted({ eventId: randomUUID(), userId: USERS.seller.sub, role: 'SELLER', occurredAt: new Date().toISOString() });
    expect(again).toEqual({ listingsDeleted: 0 });
    // once the consumer is done with the second job (kept or removed when completed), nothing more changed
    await waitFor(async () => ['completed', 'failed', 'unknown'].includes(await userEvents.getJobState(second.eventId)));
    expect(await userEvents.getJobState(second.eventId)).not.toBe('failed');
    expect(await snapshot()).toEqual(before);
  });

  it('a deleted buyer leaves every listing, their NDAs, offers, journeys and selection', async () => {
    const a = await insertListing(ctx, { title: 'B1', price: 1, buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub }] });
    await ctx.http.post('/buyer/select-listing').set(as('buyer')).send({ listingId: a });
    await ctx.ds.query(
      `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, agreement_accepted, signer_name, signed_at)
       VALUES ($1, $2, 'B', 'B', 'b@x.com', '1', true, 'B', now())`,
      [USERS.buyer.sub, a],
    );
    await ctx.ds.query(
      `INSERT INTO listings.offers (listing_id, buyer_id, amount, offer_date, recorded_by_id, recorded_by_name, recorded_by_role)
       VALUES ($1, $2, 450000, CURRENT_DATE, $3, 'Broker', 'BROKER')`,
      [a, USERS.buyer.sub, USERS.broker.sub],
    );
    await publish(USERS.buyer.sub, 'BUYER');
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM listings.listing_buyers WHERE buyer_id = $1`, [USERS.buyer.sub])) === 0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.buyer_ndas WHERE buyer_id = $1`, [USERS.buyer.sub])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.offers WHERE buyer_id = $1`, [USERS.buyer.sub])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.journeys WHERE user_id = $1`, [USERS.buyer.sub])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM listings.selections WHERE user_id = $1`, [USERS.buyer.sub])).toBe(0);
    const listing = await ctx.http.get(`/broker/listings/${a}`).set(as('broker'));
    expect(listing.body.listing.buyers).toEqual([{ id: USERS.otherBuyer.sub, name: 'Jordan Ellis' }]);
  });

  it('a deleted agent\'s listings fall back to no agent (kept, with their parties)', async () => {
    const a = await insertListing(ctx, { title: 'A1', price: 1, buyers: [{ id: USERS.buyer.sub }] });
    await publish(USERS.agent.sub, 'AGENT');
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM listings.listings WHERE agent_id IS NULL`, [])) === 1);
    const res = await ctx.http.get(`/broker/listings/${a}`).set(as('broker'));
    expect(res.body.listing).toMatchObject({ agent: null, buyers: [{ id: USERS.buyer.sub }] });
    expect((await ctx.http.get(`/agent/listings/${a}`).set(as('agent'))).status).toBe(404);
  });
});
