import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  CHECKLIST_MSG,
  LOCKED_MESSAGE,
  checklistChangedEventSchema,
  checklistHistoryResponseSchema,
  checklistResponseSchema,
  listingEventsChannel,
  type ChecklistResponse,
} from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import { createTestApp, waitFor, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { USERS, as, type Who } from './helpers.js';
import { journeyAt, setJourneys, startListingsStub, type ListingsStub } from './listings-stub.js';

const ROLE_OF: Record<'seller' | 'buyer' | 'broker' | 'agent', Who> = { seller: 'seller', buyer: 'buyer', broker: 'broker', agent: 'agent' };
const OUTSIDER: Partial<Record<keyof typeof ROLE_OF, Who>> = { seller: 'otherSeller', buyer: 'otherBuyer', agent: 'otherAgent' };
const PREFIXES = Object.keys(ROLE_OF) as Array<keyof typeof ROLE_OF>;

describe('pre-close checklist routes', () => {
  let ctx: TestApp;
  let stub: ListingsStub;
  let listing: string;
  const unknown = randomUUID();

  beforeAll(async () => {
    stub = await startListingsStub();
    ctx = await createTestApp(AppModule, 'checklists');
  });
  afterAll(async () => {
    await ctx.app.close();
    await stub.close();
  });
  beforeEach(() => {
    listing = randomUUID();
    stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [USERS.buyer.sub, randomUUID()] });
    setJourneys(stub, listing, [USERS.seller.sub, USERS.buyer.sub]); // at step 8: past the NDA, ticks allowed
  });

  const get = (prefix: string, who: Who, id = listing) => ctx.http.get(`/${prefix}/listings/${id}/pre-close-checklist`).set(as(who));
  const tick = (prefix: string, who: Who, itemId: string, { id = listing, path = '/item' } = {}) =>
    ctx.http.put(`/${prefix}/listings/${id}/pre-close-checklist${path}`).set(as(who)).send({ categoryId: itemId[0], itemId, userRole: prefix });
  const item = (body: ChecklistResponse, itemId: string) => body.checklist!.flatMap((c) => c.items).find((i) => i.id === itemId)!;
  const completed = (body: ChecklistResponse) => body.checklist!.flatMap((c) => c.items).filter((i) => i.completed).map((i) => i.id);

  describe('GET and PUT {role}/listings/{listingId}/pre-close-checklist(/item): parties only', () => {
    it.each(PREFIXES)('%s: the listing\'s party reads it and ticks any item (PUT …/item and PUT on the bare path)', async (prefix) => {
      const who = ROLE_OF[prefix];
      const read = await get(prefix, who);
      expect(read.status).toBe(200);
      expect(checklistResponseSchema.parse(read.body).checklist).toHaveLength(4);
      // a buyer item, a seller item, a broker item: any party may tick any
      for (const itemId of ['A1', 'A2', 'A5']) expect((await tick(prefix, who, itemId)).status).toBe(200);
      const bare = await tick(prefix, who, 'D20', { path: '' });
      expect(bare.status).toBe(200);
      expect(completed(bare.body)).toEqual(['A1', 'A2', 'A5', 'D20']);
      expect(item(bare.body, 'A5')).toMatchObject({ completed: true, completedBy: USERS[who].name });
      expect(bare.body.lastUpdatedBy).toEqual({ id: USERS[who].sub, name: USERS[who].name, role: USERS[who].role });
    });

    it.each(PREFIXES)('%s prefix: every other role (and a service) gets 403 on GET and PUT', async (prefix) => {
      for (const who of ['broker', 'agent', 'seller', 'buyer', 'service'] as Who[]) {
        if (who === ROLE_OF[prefix]) continue;
        for (const res of [await get(prefix, who), await tick(prefix, who, 'A1'), await tick(prefix, who, 'A1', { path: '' })]) {
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ message: FORBIDDEN_MESSAGE });
        }
      }
    });

    it.each(PREFIXES)('%s prefix: a user of that role who is no party, or an unknown listing, gets 404 and nothing changes', async (prefix) => {
      const outsider = OUTSIDER[prefix];
      if (outsider) {
        for (const res of [await get(prefix, outsider), await tick(prefix, outsider, 'A1')]) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ message: CHECKLIST_MSG.listingNotFound });
        }
      }
      for (const res of [await get(prefix, ROLE_OF[prefix], unknown), await tick(prefix, ROLE_OF[prefix], 'A1', { id: unknown })]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: CHECKLIST_MSG.listingNotFound });
      }
      expect(completed((await get('broker', 'broker')).body)).toEqual([]);
    });

    it('a buyer listings no longer lists as a party (rejected) loses access at once', async () => {
      expect((await get('buyer', 'buyer')).status).toBe(200);
      stub.parties.set(listing, { sellerId: USERS.seller.sub, agentId: USERS.agent.sub, buyerIds: [] });
      expect((await get('buyer', 'buyer')).status).toBe(404);
      expect((await tick('buyer', 'buyer', 'A1')).status).toBe(404);
    });

    it('unticking clears who and when; the record of who ticked has a time', async () => {
      const on = await tick('seller', 'seller', 'C2');
      expect(item(on.body, 'C2')).toMatchObject({ completed: true, completedBy: 'Sam Seller' });
      expect(Date.parse(item(on.body, 'C2').completedAt!)).toBeGreaterThan(Date.now() - 60_000);
      const off = await tick('buyer', 'buyer', 'C2');
      expect(item(off.body, 'C2')).toMatchObject({ completed: false, completedBy: null, completedAt: null });
      expect(off.body.lastUpdatedBy).toMatchObject({ name: 'Blake Buyer', role: 'BUYER' });
    });

    it('an unknown item is 404 and a malformed body 400 with a message', async () => {
      const res = await ctx.http.put(`/broker/listings/${listing}/pre-close-checklist/item`).set(as('broker')).send({ categoryId: 'A', itemId: 'A9', userRole: 'broker' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: CHECKLIST_MSG.itemNotFound });
      const wrongCategory = await ctx.http.put(`/broker/listings/${listing}/pre-close-checklist/item`).set(as('broker')).send({ categoryId: 'B', itemId: 'A1', userRole: 'broker' });
      expect(wrongCategory.status).toBe(404);
      for (const body of [{ itemId: 'A1', userRole: 'broker' }, { categoryId: 'A', itemId: 'x'.repeat(17), userRole: 'broker' }, { categoryId: 'A', itemId: 'A1', userRole: 'admin' }]) {
        const bad = await ctx.http.put(`/broker/listings/${listing}/pre-close-checklist/item`).set(as('broker')).send(body);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toEqual(expect.any(String));
      }
      expect(completed((await get('broker', 'broker')).body)).toEqual([]);
    });
  });

  describe('the journey rule (issue 18 §1): a buyer learns nothing before the NDA; a tick is a write to step 8', () => {
    const setJourney = (who: Who, j: ReturnType<typeof journeyAt> | null) =>
      j ? stub.journeys.set(`${listing}:${USERS[who].sub}`, j) : stub.journeys.delete(`${listing}:${USERS[who].sub}`);
    const legacyGet = (prefix: string, who: Who) => ctx.http.get(`/${prefix}/pre-close-checklist`).set(as(who));
    const legacyTick = (prefix: string, who: Who, itemId: string) =>
      ctx.http.put(`/${prefix}/pre-close-checklist`).set(as(who)).send({ categoryId: itemId[0], itemId, userRole: prefix });
    const expectLocked = (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: LOCKED_MESSAGE }); // no checklist, no item, nobody's name
    };

    it('the leak: a buyer who selected the listing (no NDA) reads and ticks it → 409 and nothing in the body; nothing changes', async () => {
      await tick('seller', 'seller', 'A2'); // a tick the buyer must not learn of
      stub.selected.set(`BUYER:${USERS.buyer.sub}`, listing);
      for (const j of [journeyAt(1), null, { currentStep: 2, completedSteps: [0, 1, 3] }]) {
        setJourney('buyer', j); // selected (step 0 done), assigned by staff (no journey), NDA reopened
        for (const res of [await get('buyer', 'buyer'), await tick('buyer', 'buyer', 'A1'), await tick('buyer', 'buyer', 'A1', { path: '' }),
          await legacyGet('buyer', 'buyer'), await legacyTick('buyer', 'buyer', 'A1')]) expectLocked(res);
      }
      stub.selected.delete(`BUYER:${USERS.buyer.sub}`);
      expect(completed((await get('broker', 'broker')).body)).toEqual(['A2']);
    });

    it('after the NDA a buyer reads it; ticks answer 409 until step 8, then 200', async () => {
      setJourney('buyer', journeyAt(3));
      const read = await get('buyer', 'buyer');
      expect(read.status).toBe(200);
      expect(checklistResponseSchema.parse(read.body).checklist).toHaveLength(4);
      setJourney('buyer', journeyAt(7));
      expectLocked(await tick('buyer', 'buyer', 'A1'));
      expect(completed((await get('broker', 'broker')).body)).toEqual([]);
      setJourney('buyer', journeyAt(8));
      expect(completed((await tick('buyer', 'buyer', 'A1')).body)).toEqual(['A1']);
    });

    it('a seller reads at any step but ticks only from step 8; staff are never bound; a non-party still gets 404', async () => {
      setJourney('seller', journeyAt(2));
      stub.selected.set(`SELLER:${USERS.seller.sub}`, listing);
      expect((await get('seller', 'seller')).status).toBe(200);
      expect((await legacyGet('seller', 'seller')).status).toBe(200);
      expectLocked(await tick('seller', 'seller', 'A2'));
      expectLocked(await legacyTick('seller', 'seller', 'A2'));
      expect(completed((await get('broker', 'broker')).body)).toEqual([]);
      setJourney('buyer', journeyAt(1));
      for (const who of ['broker', 'agent'] as const) expect((await tick(who, who, 'A5')).status).toBe(200);
      expect((await ctx.http.get(`/broker/listings/${listing}/pre-close-checklist/history`).set(as('broker'))).status).toBe(200);
      setJourney('seller', journeyAt(8));
      expect(completed((await legacyTick('seller', 'seller', 'A2')).body)).toEqual(['A2']);
      stub.selected.delete(`SELLER:${USERS.seller.sub}`);
      stub.journeys.set(`${listing}:${USERS.otherBuyer.sub}`, journeyAt(10)); // a journey is no party: still 404
      const outsider = await get('buyer', 'otherBuyer');
      expect(outsider.status).toBe(404);
      expect(outsider.body).toEqual({ message: CHECKLIST_MSG.listingNotFound });
    });
  });

  describe('legacy GET|PUT /seller|buyer/pre-close-checklist: the caller\'s selected listing', () => {
    it.each([['seller', 'seller'], ['buyer', 'buyer']] as const)('%s with a selected listing reads and ticks it', async (prefix, who) => {
      stub.selected.set(`${USERS[who].role}:${USERS[who].sub}`, listing);
      const put = await ctx.http.put(`/${prefix}/pre-close-checklist`).set(as(who)).send({ categoryId: 'B', itemId: 'B8', userRole: prefix });
      expect(put.status).toBe(200);
      const read = await ctx.http.get(`/${prefix}/pre-close-checklist`).set(as(who));
      expect(read.status).toBe(200);
      expect(completed(read.body)).toEqual(['B8']);
      expect(completed((await get('agent', 'agent')).body)).toEqual(['B8']);
      stub.selected.delete(`${USERS[who].role}:${USERS[who].sub}`);
    });

    it('without a selection: 404 "No listing selected"; another role: 403; a selection of a listing they are no party of: 404', async () => {
      for (const [prefix, who] of [['seller', 'otherSeller'], ['buyer', 'otherBuyer']] as const) {
        const res = await ctx.http.get(`/${prefix}/pre-close-checklist`).set(as(who));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: CHECKLIST_MSG.noListingSelected });
        stub.selected.set(`${USERS[who].role}:${USERS[who].sub}`, listing);
        const notParty = await ctx.http.put(`/${prefix}/pre-close-checklist`).set(as(who)).send({ categoryId: 'A', itemId: 'A1', userRole: prefix });
        expect(notParty.status).toBe(404);
        expect(notParty.body).toEqual({ message: CHECKLIST_MSG.listingNotFound });
      }
      for (const who of ['broker', 'agent', 'service'] as Who[]) {
        expect((await ctx.http.get('/seller/pre-close-checklist').set(as(who))).status).toBe(403);
        expect((await ctx.http.put('/buyer/pre-close-checklist').set(as(who)).send({ categoryId: 'A', itemId: 'A1', userRole: 'buyer' })).status).toBe(403);
      }
      expect((await ctx.http.get('/buyer/pre-close-checklist').set(as('seller'))).status).toBe(403);
      expect(completed((await get('broker', 'broker')).body)).toEqual([]);
    });
  });

  describe('history: GET /broker|agent/listings/{listingId}/pre-close-checklist/history', () => {
    it('lists every flip with who and when, oldest first, for the broker and the listing\'s agent', async () => {
      await tick('seller', 'seller', 'A2');
      await tick('buyer', 'buyer', 'A1');
      await tick('broker', 'broker', 'A2');
      for (const who of ['broker', 'agent'] as const) {
        const res = await ctx.http.get(`/${who}/listings/${listing}/pre-close-checklist/history`).set(as(who));
        expect(res.status).toBe(200);
        const { history } = checklistHistoryResponseSchema.parse(res.body);
        expect(history.map((h) => [h.itemId, h.completed, h.by.name, h.by.role])).toEqual([
          ['A2', true, 'Sam Seller', 'SELLER'],
          ['A1', true, 'Blake Buyer', 'BUYER'],
          ['A2', false, 'Morgan Broker', 'BROKER'],
        ]);
        expect(history[0]!.task).toMatch(/seller counter/i);
        expect(Date.parse(history[2]!.at)).toBeGreaterThanOrEqual(Date.parse(history[0]!.at));
      }
    });

    it('seller, buyer and service get 403; an agent of another listing and an unknown listing 404', async () => {
      for (const who of ['seller', 'buyer', 'service'] as Who[]) {
        expect((await ctx.http.get(`/broker/listings/${listing}/pre-close-checklist/history`).set(as(who))).status).toBe(403);
        expect((await ctx.http.get(`/agent/listings/${listing}/pre-close-checklist/history`).set(as(who))).status).toBe(403);
      }
      const other = await ctx.http.get(`/agent/listings/${listing}/pre-close-checklist/history`).set(as('otherAgent'));
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ message: CHECKLIST_MSG.listingNotFound });
      expect((await ctx.http.get(`/broker/listings/${unknown}/pre-close-checklist/history`).set(as('broker'))).status).toBe(404);
    });
  });

  describe('concurrent ticks lose nothing', () => {
    const ids = (body: ChecklistResponse) => body.checklist!.flatMap((c) => c.items.map((i) => i.id));
    const historyCount = async () =>
      ((await ctx.ds.query(`SELECT count(*)::int AS n FROM checklists.checklist_history WHERE listing_id = $1`, [listing])) as { n: number }[])[0]!.n;

    it('20 parties opening a new checklist at once make one checklist of 40 items', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(['broker', 'agent', 'seller', 'buyer'][i % 4]!, (['broker', 'agent', 'seller', 'buyer'] as Who[])[i % 4]!)));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      const rows = (await ctx.ds.query(`SELECT count(*)::int AS n FROM checklists.checklist_items WHERE listing_id = $1`, [listing])) as { n: number }[];
      expect(rows[0]!.n).toBe(40);
    });

    it('all 40 items flipped in parallel by four parties, then 2 parallel flips of one item, then 50 parallel flips: the state is the parity of the flips', async () => {
      const all = ids((await get('broker', 'broker')).body);
      const parties: Who[] = ['broker', 'agent', 'seller', 'buyer'];
      const res = await Promise.all(all.map((id, i) => tick(parties[i % 4]!, parties[i % 4]!, id)));
      expect(res.every((r) => r.status === 200)).toBe(true);
      expect(completed((await get('broker', 'broker')).body)).toHaveLength(40);

      await Promise.all([tick('seller', 'seller', 'A1'), tick('buyer', 'buyer', 'A1')]);
      expect(item((await get('broker', 'broker')).body, 'A1').completed).toBe(true);

      const flips = Array.from({ length: 50 }, (_, i) => all[i % 40]!);
      await Promise.all(flips.map((id, i) => tick(parties[i % 4]!, parties[i % 4]!, id)));
      const after = (await get('broker', 'broker')).body as ChecklistResponse;
      // items 0-9 flipped twice (ticked again), items 10-39 once (unticked)
      expect(completed(after)).toEqual(all.slice(0, 10));
      expect(await historyCount()).toBe(40 + 2 + 50);
    });
  });

  describe('live channel', () => {
    it('each flip is published on events:listing:{listingId} as checklist.changed', async () => {
      const sub = new Redis(process.env.REDIS_URL!);
      const got: unknown[] = [];
      sub.on('message', (_channel: string, msg: string) => got.push(JSON.parse(msg)));
      await sub.subscribe(listingEventsChannel(listing));
      try {
        await tick('buyer', 'buyer', 'D1');
        await tick('agent', 'agent', 'D1');
        await waitFor(async () => got.length >= 2);
        const events = got.map((g) => checklistChangedEventSchema.parse(g));
        expect(events.map((e) => [e.type, e.listingId, e.categoryId, e.itemId, e.completed, e.by.name])).toEqual([
          ['checklist.changed', listing, 'D', 'D1', true, 'Blake Buyer'],
          ['checklist.changed', listing, 'D', 'D1', false, 'Avery Agent'],
        ]);
        expect(Number.isNaN(Date.parse(events[0]!.at))).toBe(false);
      } finally {
        await sub.quit();
      }
    });
  });
});
