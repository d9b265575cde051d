import type { ListingPartiesResponse } from '@brokerage/contracts';
import type { SharedPartiesStore } from './shared-parties-store.js';

interface Entry {
  /** Asked again from this time on: a random point in the second half of ttlMs after it was asked. */
  until: number;
  /** From then on (the last eighth of ttlMs before `until`) a hit still answers it and asks again in the background. */
  refreshAt: number;
  refreshing?: boolean;
  value: ListingPartiesResponse;
}

/**
 * A short cache of listings' access answer (the listing's parties + the caller's journey) per listing × user, for the
 * access rule every documents request applies. Kept only while `live` (subscribed to the listing events that change
 * the answer: see ListingsClient); each such event drops the listing's entries at once, a reconnect drops all, and
 * an entry lives `ttlMs` at most (an event lost on the way costs that long), and at least half of it: readers who came
 * together (a data room opened to every buyer at once) do not all ask listings again in the same second. An answer asked before an invalidation
 * is never stored after it (a generation per listing), and a miss in flight is shared by the callers asking meanwhile.
 * With `shared` (SharedPartiesStore), a miss first reads what another documents process asked listings for, and what
 * this one asks is stored there for the others.
 * An answer in use is asked again before it ends, in the background (refresh-ahead: a hit in its last eighth of ttlMs):
 * a reader's requests do not wait on listings every half minute, and a listing's readers do not stall together when
 * their answers end (bench:viewer: 2 s of slow pages at each wave).
 */
export class PartiesCache {
  private readonly listings = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  private readonly inFlight = new Map<string, { listingId: string; p: Promise<ListingPartiesResponse> }>();
  private epoch = 0;
  private size = 0;
  /** Whether invalidations reach this cache now (false: every call asks listings). */
  live = false;
  /** The documents processes' shared answers (Redis), used while live. */
  shared: SharedPartiesStore | undefined;
  hits = 0;
  misses = 0;
  sharedHits = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  async get(listingId: string, userKey: string, load: () => Promise<ListingPartiesResponse>): Promise<ListingPartiesResponse> {
    if (!this.live || this.ttlMs <= 0) return load();
    const started = this.now();
    const hit = this.listings.get(listingId)?.get(userKey);
    if (hit && started < hit.until) {
      this.hits += 1;
      if (started >= hit.refreshAt && !hit.refreshing) {
        hit.refreshing = true;
        // refused (404: no longer a party) or not answered: the entry goes, the next request asks in its own time
        void this.ask(listingId, userKey, started, load).catch(() => {
          if (this.listings.get(listingId)?.get(userKey) === hit) this.drop(listingId, userKey);
        });
      }
      return hit.value;
    }
    this.misses += 1;
    return this.ask(listingId, userKey, started, load);
  }

  /** listings' answer (or the shared one), stored unless an event or a reconnect came meanwhile; one at a time per key. */
  private ask(listingId: string, userKey: string, started: number, load: () => Promise<ListingPartiesResponse>): Promise<ListingPartiesResponse> {
    const key = `${listingId}\n${userKey}`;
    const running = this.inFlight.get(key);
    if (running) return running.p;
    const generation = this.generations.get(listingId) ?? 0;
    const epoch = this.epoch;
    const p = this.fetch(listingId, userKey, load)
      .then((value) => {
        if (this.live && epoch === this.epoch && generation === (this.generations.get(listingId) ?? 0)) this.store(listingId, userKey, started, value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key)?.p === p) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { listingId, p });
    return p;
  }

  /** The shared answer when one is current, else listings' (then shared, unless an event came meanwhile). */
  private async fetch(listingId: string, userKey: string, load: () => Promise<ListingPartiesResponse>): Promise<ListingPartiesResponse> {
    const shared = this.shared;
    if (!shared) return load();
    const read = await shared.read(listingId, userKey).catch(() => null);
    if (read?.value) {
      this.sharedHits += 1;
      return read.value;
    }
    const askedAt = this.now();
    const value = await load();
    if (read) void shared.write(listingId, userKey, read, value, askedAt).catch(() => undefined);
    return value;
  }

  /** Something about the listing changed: its answers are asked again (those in flight are not stored). */
  invalidate(listingId: string): void {
    this.generations.set(listingId, (this.generations.get(listingId) ?? 0) + 1);
    this.size -= this.listings.get(listingId)?.size ?? 0;
    this.listings.delete(listingId);
    for (const [key, f] of this.inFlight) if (f.listingId === listingId) this.inFlight.delete(key);
  }

  private drop(listingId: string, userKey: string): void {
    if (this.listings.get(listingId)?.delete(userKey)) this.size -= 1;
  }

  /** Everything asked again (a reconnect: events may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.listings.clear();
    this.generations.clear();
    this.inFlight.clear();
    this.size = 0;
  }

  private store(listingId: string, userKey: string, at: number, value: ListingPartiesResponse): void {
    if (this.size >= this.maxEntries) this.clear();
    let entries = this.listings.get(listingId);
    if (!entries) this.listings.set(listingId, (entries = new Map()));
    if (!entries.has(userKey)) this.size += 1;
    const until = at + this.ttlMs * (0.5 + this.random() / 2);
    entries.set(userKey, { until, refreshAt: until - this.ttlMs / 8, value: freeze(value) });
  }
}

/** One answer is shared by many requests: none may change it. */
function freeze(p: ListingPartiesResponse): ListingPartiesResponse {
  Object.freeze(p.buyerIds);
  if (p.ndaBuyerIds) Object.freeze(p.ndaBuyerIds);
  if (p.journey) Object.freeze(Object.freeze(p.journey).completedSteps);
  return Object.freeze(p);
}
