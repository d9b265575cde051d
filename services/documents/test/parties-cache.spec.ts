import { PartiesCache } from '../src/listings-access/parties-cache.js';
import type { ListingPartiesResponse } from '@brokerage/contracts';

const answer = (sellerId = 's1'): ListingPartiesResponse => ({ listingId: 'l1', sellerId, agentId: null, buyerIds: ['b1'], journey: null }) as unknown as ListingPartiesResponse;
const tick = () => new Promise((r) => setImmediate(r));

describe('PartiesCache lifetimes', () => {
  it('an answer is asked again within ttl, never before half of it: readers who came together do not all ask at once', async () => {
    let now = 0;
    const asked: number[] = [];
    const load = async () => {
      asked.push(now);
      return answer();
    };
    for (const r of [0, 0.999]) {
      const cache = new PartiesCache(30_000, 100, () => now, () => r);
      cache.live = true;
      now = 0;
      asked.length = 0;
      await cache.get('l1', 'b1', load);
      now = 11_249;
      await cache.get('l1', 'b1', load);
      expect(asked).toEqual([0]); // under half the ttl, less its last eighth: always cached
      now = 30_000;
      await cache.get('l1', 'b1', load);
      expect(asked).toEqual([0, 30_000]); // at the ttl: always asked again
    }
    const spread = new PartiesCache(30_000, 100, () => now, () => 0.2);
    spread.live = true;
    now = 0;
    asked.length = 0;
    await spread.get('l1', 'b1', load);
    now = 14_249; // before its last eighth (18 s - 3.75 s)
    await spread.get('l1', 'b1', load);
    now = 18_000; // 15 s + 0.2 × 15 s
    await spread.get('l1', 'b1', load);
    expect(asked).toEqual([0, 18_000]);
  });

  describe('an answer in use is asked again before it ends, in the background (ttl 30 s; this one ends at 15 s)', () => {
    let now = 0;
    let cache: PartiesCache;
    let first: ListingPartiesResponse;
    beforeEach(async () => {
      now = 0;
      cache = new PartiesCache(30_000, 100, () => now, () => 0);
      cache.live = true;
      first = await cache.get('l1', 'b1', async () => answer('s1'));
    });

    it('a hit in the last eighth answers the entry at once and asks meanwhile; the new answer serves past the first one\'s end', async () => {
      now = 12_000;
      let release!: () => void;
      const asked = new Promise<void>((r) => { release = r; });
      const during = await cache.get('l1', 'b1', async () => { await asked; return answer('s2'); });
      expect(during).toBe(first); // not held by the ask in flight
      release();
      await tick();
      now = 16_000;
      const after = await cache.get('l1', 'b1', () => Promise.reject(new Error('not asked: the refreshed answer is current')));
      expect(after.sellerId).toBe('s2');
    });

    it('a background ask that fails drops the entry: the next request asks in its own time', async () => {
      now = 12_000;
      expect(await cache.get('l1', 'b1', () => Promise.reject(new Error('listings away')))).toBe(first);
      await tick();
      let asked = 0;
      await cache.get('l1', 'b1', async () => { asked++; return answer('s3'); });
      expect(asked).toBe(1);
    });

    it('a listing event during the background ask: its answer is not stored', async () => {
      now = 12_000;
      let release!: () => void;
      const asked = new Promise<void>((r) => { release = r; });
      await cache.get('l1', 'b1', async () => { await asked; return answer('s4'); });
      cache.invalidate('l1');
      release();
      await tick();
      let again = 0;
      const next = await cache.get('l1', 'b1', async () => { again++; return answer('s5'); });
      expect(again).toBe(1);
      expect(next.sellerId).toBe('s5');
    });
  });
});
