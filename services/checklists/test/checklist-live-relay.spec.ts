import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  CHECKLIST_CHANGED,
  IDENTITY_HEADER,
  checklistChangedEventSchema,
  internalUsersResponseSchema,
  listingEventsChannel,
  userEventsKey,
  type ChecklistChangedEvent,
} from '@brokerage/contracts';
import { createTestApp, waitFor, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { ChecklistLiveRelay } from '../src/listing-events/checklist-live-relay.js';
import { USERS, as, type Who } from './helpers.js';
import { journeyAt, setJourneys, startListingsStub, type ListingsStub } from './listings-stub.js';

const ARCHIVED_BROKER = '00000000-0000-4000-8000-0000000000b1';

/** Identity's GET /internal/users?role=BROKER: the demo broker (active) and an archived one. */
async function startIdentityStub() {
  const calls: string[] = [];
  const saved = process.env.IDENTITY_URL;
  const user = (id: string, name: string, isActive: boolean) =>
    ({ id, name, email: `${id}@example.com`, role: 'BROKER', phone: null, isActive, createdAt: new Date().toISOString(), managerId: null, company: null });
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const ok = req.headers[IDENTITY_HEADER] && req.method === 'GET' && req.url === '/internal/users?role=BROKER';
    const body = ok
      ? internalUsersResponseSchema.parse({ users: [user(USERS.broker.sub, USERS.broker.name, true), user(ARCHIVED_BROKER, 'Ada Archived', false)] })
      : { message: 'Not found' };
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  process.env.IDENTITY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    calls,
    close: () =>
      new Promise<void>((r) => {
        process.env.IDENTITY_URL = saved;
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * checklists relays each checklist.changed of a listing's channel to the user streams (events:user:{id}: stream entry
 * + `{streamId} {json}` on the channel, the format the gateway's GET /api/events streams) of that listing's parties
 * only, once however many replicas run.
 */
describe('live checklist notices to the listing\'s parties (events:user:{id})', () => {
  let stub: ListingsStub;
  let identity: Awaited<ReturnType<typeof startIdentityStub>>;
  let ctx: TestApp;
  let replica: TestApp;
  let redis: Redis;
  let listing: string;
  let secondBuyer: string;
  const relays = () => [ctx, replica].map((a) => a.app.get(ChecklistLiveRelay));

  beforeAll(async () => {
    stub = await startListingsStub();
    identity = await startIdentityStub();
    ctx = await createTestApp(AppModule, 'checklists');
    replica = await createTestApp(AppModule, 'checklists');
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    await Promise.all(relays().map((r) => r.whenSubscribed()));
  });
  afterAll(async () => {
    await replica.app.close();
    await ctx.app.close();
    await redis.quit();
    await identity.close();
    await stub.close();
  });
  beforeEach(() => {
    listing = randomUUID();
    secondBuyer = randomUUID();
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub, secondBuyer] });
    setJourneys(stub, listing, [USERS.seller.sub, USERS.buyer.sub, secondBuyer]); // step 8: past the NDA, ticks allowed
  });

  const tick = (prefix: string, who: Who, itemId: string, app = ctx) =>
    app.http.put(`/${prefix}/listings/${listing}/pre-close-checklist/item`).set(as(who)).send({ categoryId: itemId[0], itemId, userRole: prefix });

  /** The checklist.changed entries of this test's listing on a user's stream. */
  const noticesOf = async (userId: string, listingId = listing): Promise<ChecklistChangedEvent[]> =>
    (await redis.xrange(userEventsKey(userId), '-', '+'))
      .map(([, fields]) => JSON.parse(fields[fields.indexOf('e') + 1]!) as { type: string; listingId?: string })
      .filter((e) => e.type === CHECKLIST_CHANGED && e.listingId === listingId)
      .map((e) => checklistChangedEventSchema.parse(e));

  /**
   * Waits until both replicas received everything published so far and handled it: a marker published now reaches
   * each replica's subscription after it (Redis delivers in the order it ran the PUBLISHes; the relay ignores it).
   */
  const settle = async () => {
    const channel = listingEventsChannel(`marker-${randomUUID()}`);
    const heard = relays().map((r) => new Promise<void>((resolve) => {
      const sub = (r as unknown as { sub: Redis }).sub; // the replica's own subscription, in the order it receives
      const on = (_pattern: string, ch: string) => {
        if (ch !== channel) return;
        sub.off('pmessage', on);
        resolve();
      };
      sub.on('pmessage', on);
    }));
    await redis.publish(channel, 'marker');
    await Promise.all(heard);
    await Promise.all(relays().map((r) => r.idle()));
  };

  const parties = () => [USERS.seller.sub, USERS.agent.sub, USERS.buyer.sub, secondBuyer, USERS.broker.sub];
  const outsiders = () => [USERS.otherSeller.sub, USERS.otherAgent.sub, USERS.otherBuyer.sub, ARCHIVED_BROKER];

  it('a buyer\'s tick reaches every party once (seller, agent, each buyer, the active broker), on the stream and the channel; outsiders get nothing', async () => {
    const sub = new Redis(process.env.REDIS_URL!);
    const live: string[] = [];
    sub.on('message', (_c: string, raw: string) => live.push(raw));
    await sub.subscribe(userEventsKey(USERS.seller.sub));
    try {
      expect((await tick('buyer', 'buyer', 'A1')).status).toBe(200);
      for (const id of parties()) await waitFor(async () => (await noticesOf(id)).length >= 1);
      await settle();
      for (const id of parties()) {
        const notices = await noticesOf(id);
        // two replicas subscribed, one notice each
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatchObject({ type: 'checklist.changed', listingId: listing, categoryId: 'A', itemId: 'A1', completed: true });
        expect(notices[0]!.by).toEqual({ id: USERS.buyer.sub, name: 'Blake Buyer', role: 'BUYER' });
      }
      for (const id of outsiders()) expect(await noticesOf(id)).toEqual([]);
      // the channel carries "{streamId} {json}", the stream id being the stored entry's
      await waitFor(async () => live.some((l) => l.includes(listing)));
      const raw = live.find((l) => l.includes(listing))!;
      const [streamId] = raw.split(' ', 1);
      const stored = await redis.xrange(userEventsKey(USERS.seller.sub), streamId!, streamId!);
      expect(stored).toHaveLength(1);
      expect(JSON.parse(raw.slice(streamId!.length + 1))).toEqual(JSON.parse(stored[0]![1][1]!));
    } finally {
      await sub.quit();
    }
  });

  it('ticks through either replica reach the parties in order, once each; a party of another listing hears none of them', async () => {
    const other = randomUUID();
    const otherBuyer = randomUUID();
    stub.parties.set(other, { sellerId: USERS.otherSeller.sub, agentId: USERS.otherAgent.sub, buyerIds: [otherBuyer] });
    expect((await tick('seller', 'seller', 'D1')).status).toBe(200);
    expect((await tick('agent', 'agent', 'D1', replica)).status).toBe(200);
    expect((await tick('broker', 'broker', 'C1', replica)).status).toBe(200);
    await waitFor(async () => (await noticesOf(USERS.buyer.sub)).length === 3);
    await settle();
    for (const id of parties()) {
      expect((await noticesOf(id)).map((e) => [e.itemId, e.completed, e.by.role])).toEqual([
        ['D1', true, 'SELLER'],
        ['D1', false, 'AGENT'],
        ['C1', true, 'BROKER'],
      ]);
    }
    for (const id of [...outsiders(), otherBuyer]) expect(await noticesOf(id)).toEqual([]);
  });

  it('a buyer who is no longer a party (rejected) gets no notice of the next tick', async () => {
    expect((await tick('buyer', 'buyer', 'A4')).status).toBe(200);
    await waitFor(async () => (await noticesOf(secondBuyer)).length === 1);
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub] });
    expect((await tick('seller', 'seller', 'A2')).status).toBe(200);
    await waitFor(async () => (await noticesOf(USERS.buyer.sub)).length === 2);
    await settle();
    expect((await noticesOf(secondBuyer)).map((e) => e.itemId)).toEqual(['A4']);
    expect((await noticesOf(USERS.seller.sub)).map((e) => e.itemId)).toEqual(['A4', 'A2']);
  });

  it('a buyer before their NDA (selected the listing, or no journey yet) gets no notice; once past it, the next tick', async () => {
    const walkIn = randomUUID();
    const assigned = randomUUID();
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub, secondBuyer, walkIn, assigned] });
    stub.journeys.set(`${listing}:${walkIn}`, journeyAt(1)); // POST /buyer/select-listing: step 0 done, no NDA
    expect((await tick('seller', 'seller', 'A2')).status).toBe(200);
    await waitFor(async () => (await noticesOf(secondBuyer)).length === 1);
    await settle();
    expect(await noticesOf(walkIn)).toEqual([]);
    expect(await noticesOf(assigned)).toEqual([]);
    for (const id of parties()) expect((await noticesOf(id)).map((e) => e.itemId)).toEqual(['A2']);
    stub.journeys.set(`${listing}:${walkIn}`, journeyAt(3)); // NDA submitted
    expect((await tick('agent', 'agent', 'A3')).status).toBe(200);
    await waitFor(async () => (await noticesOf(walkIn)).length === 1);
    await settle();
    expect((await noticesOf(walkIn)).map((e) => e.itemId)).toEqual(['A3']);
    expect(await noticesOf(assigned)).toEqual([]);
  });

  it('relays nothing for a message that is not a checklist.changed, or for a listing listings does not know; keeps relaying after', async () => {
    const channel = listingEventsChannel(listing);
    await redis.publish(channel, 'not json');
    await redis.publish(channel, JSON.stringify({ type: 'message.new', listingId: listing, messageId: 'm1', senderName: 'X', at: 'now' }));
    const ghost = randomUUID();
    const forged: ChecklistChangedEvent = {
      type: 'checklist.changed', listingId: ghost, categoryId: 'A', itemId: 'A1', completed: true,
      by: { id: USERS.otherBuyer.sub, name: 'Opal Buyer', role: 'BUYER' }, at: new Date().toISOString(),
    };
    await redis.publish(listingEventsChannel(ghost), JSON.stringify(forged));
    await settle();
    expect(stub.calls).toContain(`GET /internal/listings/${ghost}/parties`);
    for (const id of [...parties(), ...outsiders()]) {
      expect(await noticesOf(id)).toEqual([]);
      expect(await noticesOf(id, ghost)).toEqual([]);
    }
    expect((await tick('agent', 'agent', 'B1')).status).toBe(200);
    for (const id of parties()) await waitFor(async () => (await noticesOf(id)).length >= 1);
  });

  it('asks listings once per event (its parties answer lists the buyers past their NDA), not once per buyer', async () => {
    const many = Array.from({ length: 6 }, () => randomUUID());
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub, secondBuyer, ...many] });
    setJourneys(stub, listing, many);
    const before = stub.calls.length;
    // published as the checklist publishes a tick (no HTTP call of its own here: every listings call is the relay's)
    const event: ChecklistChangedEvent = {
      type: 'checklist.changed', listingId: listing, categoryId: 'A', itemId: 'A2', completed: true,
      by: { id: USERS.seller.sub, name: USERS.seller.name, role: 'SELLER' }, at: new Date().toISOString(),
    };
    await redis.publish(listingEventsChannel(listing), JSON.stringify(event));
    for (const id of many) await waitFor(async () => (await noticesOf(id)).length === 1);
    await settle();
    expect(stub.calls.slice(before)).toEqual([`GET /internal/listings/${listing}/parties`]);
  });

  /** The listing events (contracts live-events) of this test's listing on a user's stream. */
  const eventsOf = async (userId: string, listingId = listing) =>
    (await redis.xrange(userEventsKey(userId), '-', '+'))
      .map(([, fields]) => JSON.parse(fields[fields.indexOf('e') + 1]!) as Record<string, unknown>)
      .filter((e) => e.type !== CHECKLIST_CHANGED && e.listingId === listingId);
  const publishNotice = (notice: Record<string, unknown>, listingId = listing) =>
    redis.publish(listingEventsChannel(listingId), JSON.stringify({ listingId, at: new Date().toISOString(), ...notice }));

  it('a listing event reaches staff and the clients its `to` names past their NDA, ids only and without `to`; a buyer before the NDA and another listing\'s parties get nothing', async () => {
    const walkIn = randomUUID();
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub, secondBuyer, walkIn] });
    stub.journeys.set(`${listing}:${walkIn}`, journeyAt(1)); // selected the listing, no NDA
    const doc = randomUUID();
    // a staff file for two buyers' eyes: the one before the NDA is left out
    await publishNotice({ type: 'document.uploaded', documentId: doc, to: { clients: [secondBuyer, walkIn] } });
    await waitFor(async () => (await eventsOf(secondBuyer)).length === 1);
    await settle();
    const expected = { type: 'document.uploaded', listingId: listing, documentId: doc };
    for (const id of [USERS.broker.sub, USERS.agent.sub, secondBuyer]) {
      const [e, ...rest] = await eventsOf(id);
      expect(rest).toEqual([]);
      expect(e).toMatchObject(expected);
      expect(Object.keys(e!).sort()).toEqual(['at', 'documentId', 'listingId', 'type']);
    }
    for (const id of [USERS.seller.sub, USERS.buyer.sub, walkIn, ...outsiders()]) expect(await eventsOf(id)).toEqual([]);

    // the walk-in's own step (before the NDA): to them and staff; the seller only learns of buyers past the NDA
    await publishNotice({ type: 'step.completed', userId: walkIn, stepId: 1, kind: 'BUYER', by: 'staff', to: { clients: [], own: walkIn } });
    await waitFor(async () => (await eventsOf(walkIn)).length === 1);
    await settle();
    expect(await eventsOf(walkIn)).toEqual([expect.objectContaining({ type: 'step.completed', stepId: 1, userId: walkIn })]);
    expect((await eventsOf(USERS.agent.sub)).map((e) => e.type)).toEqual(['document.uploaded', 'step.completed']);
    for (const id of [USERS.seller.sub, USERS.buyer.sub, ...outsiders()]) expect(await eventsOf(id)).toEqual([]);

    // 'seller' (an offer): staff and the seller, no buyer; 'all': the seller and the buyers past their NDA
    await publishNotice({ type: 'offer.recorded', userId: secondBuyer, to: { clients: 'seller' } });
    await publishNotice({ type: 'listing.changed', to: { clients: 'all' } });
    await waitFor(async () => (await eventsOf(USERS.buyer.sub)).length === 1);
    await settle();
    expect((await eventsOf(USERS.seller.sub)).map((e) => e.type)).toEqual(['offer.recorded', 'listing.changed']);
    expect((await eventsOf(USERS.buyer.sub)).map((e) => e.type)).toEqual(['listing.changed']);
    expect((await eventsOf(secondBuyer)).map((e) => e.type)).toEqual(['document.uploaded', 'listing.changed']);
    expect((await eventsOf(walkIn)).map((e) => e.type)).toEqual(['step.completed']);
    for (const id of outsiders()) expect(await eventsOf(id)).toEqual([]);
  });

  it('asks identity for the brokers once a minute, not on every tick', async () => {
    const before = identity.calls.length;
    for (const item of ['B2', 'B3', 'B4']) expect((await tick('buyer', 'buyer', item)).status).toBe(200);
    await waitFor(async () => (await noticesOf(USERS.broker.sub)).length === 3);
    await settle();
    expect(identity.calls.length - before).toBe(0);
    expect(identity.calls.every((c) => c === 'GET /internal/users?role=BROKER')).toBe(true);
  });
});
