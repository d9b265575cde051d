import { PartiesCache } from '../src/listings-access/parties-cache.js';
import type { ListingPartiesResponse } from '@brokerage/contracts';

const answer = (): ListingPartiesResponse => ({ listingId: 'l1', sellerId: 's1', agentId: null, buyerIds: ['b1'], journey: null }) as unknown as ListingPartiesResponse;

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
      now = 14_999;
      await cache.get('l1', 'b1', load);
      expect(asked).toEqual([0]); // under half the ttl: always cached
      now = 30_000;
      await cache.get('l1', 'b1', load);
      expect(asked).toEqual([0, 30_000]); // at the ttl: always asked again
    }
    const spread = new PartiesCache(30_000, 100, () => now, () => 0.2);
    spread.live = true;
    now = 0;
    asked.length = 0;
    await spread.get('l1', 'b1', load);
    now = 17_999;
    await spread.get('l1', 'b1', load);
    now = 18_000; // 15 s + 0.2 × 15 s
    await spread.get('l1', 'b1', load);
    expect(asked).toEqual([0, 18_000]);
  });
});
