import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ListingPartiesResponse } from '@brokerage/contracts';
import { PartiesCache } from '../src/listings-access/parties-cache.js';
import { SharedPartiesStore, sharedAnswersKey } from '../src/listings-access/shared-parties-store.js';

const KEY = sharedAnswersKey('{"kid":"service-documents-test","d":"secret"}');

const answer = (listingId: string, buyerIds: string[]): ListingPartiesResponse =>
  ({ listingId, sellerId: 's1', agentId: null, buyerIds, journey: { currentStep: 10, completedSteps: [] } }) as unknown as ListingPartiesResponse;

/**
 * Issue 23 §3 bench: documents processes share the access answers they asked listings for (Redis), so a replica that
 * never saw a buyer does not ask listings again; the listing events drop shared answers as they
 * drop each process's own, and an answer asked before an event is never shared after it.
 */
describe('access answers shared by the documents processes (SharedPartiesStore)', () => {
  let redis: Redis;
  beforeAll(() => { redis = new Redis(process.env.REDIS_URL!); });
  afterAll(() => redis.disconnect());

  /** A process's cache: live (subscribed), sharing through the store. */
  const processCache = (store: SharedPartiesStore, ttlMs = 60_000) => {
    const cache = new PartiesCache(ttlMs);
    cache.live = true;
    cache.shared = store;
    return cache;
  };
  const listings = (value: () => ListingPartiesResponse) => {
    const calls: string[] = [];
    return { calls, load: (who: string) => async () => { calls.push(who); return value(); } };
  };

  it('an answer one process asked listings for is read by another without asking again; an event drops it for both', async () => {
    const store = new SharedPartiesStore(redis, 60_000, KEY);
    const listing = randomUUID();
    let buyers = ['b1', 'b2'];
    const api = processCache(store);
    const replica = processCache(store);
    const l = listings(() => answer(listing, buyers));

    expect((await api.get(listing, 'b1', l.load('api'))).buyerIds).toEqual(['b1', 'b2']);
    await new Promise((r) => setTimeout(r, 50)); // the store's write follows the answer
    expect((await replica.get(listing, 'b1', l.load('replica'))).buyerIds).toEqual(['b1', 'b2']);
    expect(l.calls).toEqual(['api']);
    expect(replica.sharedHits).toBe(1);
    expect((await replica.get(listing, 'b2', l.load('replica'))).buyerIds).toEqual(['b1', 'b2']); // another user: asked
    expect(l.calls).toEqual(['api', 'replica']);

    // listings rejects b2 and publishes; every subscribed process drops the listing's answers, local and shared
    buyers = ['b1'];
    for (const c of [api, replica]) c.invalidate(listing);
    await store.invalidate(listing);
    const fresh = processCache(store); // a third process that saw nothing
    expect((await fresh.get(listing, 'b1', l.load('fresh'))).buyerIds).toEqual(['b1']);
    expect(l.calls).toEqual(['api', 'replica', 'fresh']);
  });

  it('an answer asked before an event is not shared after it; nothing stored before a new epoch is used', async () => {
    const store = new SharedPartiesStore(redis, 60_000, KEY);
    const listing = randomUUID();
    const read = await store.read(listing, 'b1');
    expect(read.value).toBeNull();
    await store.invalidate(listing); // the event came while listings was being asked
    expect(await store.write(listing, 'b1', read, answer(listing, ['b1', 'rejected']), Date.now())).toBe(false);
    expect((await store.read(listing, 'b1')).value).toBeNull();

    const now = await store.read(listing, 'b1');
    expect(await store.write(listing, 'b1', now, answer(listing, ['b1']), Date.now())).toBe(true);
    expect((await store.read(listing, 'b1')).value?.buyerIds).toEqual(['b1']);
    await store.newEpoch(); // a process subscribed again: events may have been missed
    expect((await store.read(listing, 'b1')).value).toBeNull();
  });

  it('an answer is used ttl at most after it was asked, whoever stored it', async () => {
    const store = new SharedPartiesStore(redis, 60_000, KEY);
    const listing = randomUUID();
    const read = await store.read(listing, 'b1');
    expect(await store.write(listing, 'b1', read, answer(listing, ['b1']), Date.now() - 61_000)).toBe(true);
    expect((await store.read(listing, 'b1')).value).toBeNull();
    const shortLived = new SharedPartiesStore(redis, 30_000, KEY);
    expect(await shortLived.write(listing, 'b1', await shortLived.read(listing, 'b1'), answer(listing, ['b1']), Date.now() - 40_000)).toBe(true);
    expect((await store.read(listing, 'b1')).value?.buyerIds).toEqual(['b1']); // 40 s old: within this reader's 60 s
    expect((await shortLived.read(listing, 'b1')).value).toBeNull(); // not within 30 s
  });

  it('a write to Redis can neither mint an answer nor move one to another buyer (each carries its HMAC)', async () => {
    const store = new SharedPartiesStore(redis, 60_000, KEY);
    const listing = randomUUID();
    const read = await store.read(listing, 'b1');
    expect(await store.write(listing, 'b1', read, answer(listing, ['b1']), Date.now())).toBe(true);
    const stored = await redis.hget(`documents:access:${listing}`, 'b1');
    await redis.hset(`documents:access:${listing}`, 'intruder', stored!); // moved to another user
    expect((await store.read(listing, 'intruder')).value).toBeNull();
    const [mac, body] = [stored!.slice(0, stored!.indexOf('.')), stored!.slice(stored!.indexOf('.') + 1)];
    await redis.hset(`documents:access:${listing}`, 'b1', `${mac}.${body.replace('"b1"', '"intruder"')}`); // changed
    expect((await store.read(listing, 'b1')).value).toBeNull();
    await redis.hset(`documents:access:${listing}`, 'b1', body); // minted without a MAC
    expect((await store.read(listing, 'b1')).value).toBeNull();
    const otherKey = new SharedPartiesStore(redis, 60_000, sharedAnswersKey('another key'));
    await otherKey.write(listing, 'b1', await otherKey.read(listing, 'b1'), answer(listing, ['b1', 'intruder']), Date.now());
    expect((await store.read(listing, 'b1')).value).toBeNull();
  });

  it('a process whose shared store fails asks listings (the store is a help, never a dependency)', async () => {
    const broken = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    broken.on('error', () => undefined);
    try {
      const cache = processCache(new SharedPartiesStore(broken, 60_000, KEY));
      const listing = randomUUID();
      const l = listings(() => answer(listing, ['b1']));
      expect((await cache.get(listing, 'b1', l.load('api'))).buyerIds).toEqual(['b1']);
      expect(l.calls).toEqual(['api']);
    } finally {
      broken.disconnect();
    }
  });
});
