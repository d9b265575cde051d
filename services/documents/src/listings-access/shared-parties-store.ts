import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ListingPartiesResponse } from '@brokerage/contracts';

const KEY = 'documents:access:';
const GENERATION = 'documents:access-gen:';
/** Bumped by every documents process that (re)subscribes to the listing events: answers stored before are not used. */
const EPOCH = 'documents:access-epoch';
/** How long a listing's generation is kept after its last event (far longer than any answer lives). */
const GENERATION_TTL_MS = 24 * 3600_000;

/** Stores `value` only when neither the listing's generation nor the epoch moved since they were read. */
const WRITE_IF_CURRENT = `
if (redis.call('GET', KEYS[2]) or '0') == ARGV[1] and (redis.call('GET', KEYS[3]) or '0') == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

interface Stored { g: string; e: string; at: number; v: ListingPartiesResponse }

/** The MAC key of the stored answers, from documents' own private key (every documents process holds it). */
export function sharedAnswersKey(documentsPrivateJwk: string): Buffer {
  return createHash('sha256').update('documents: shared access answers\n').update(documentsPrivateJwk).digest();
}

/** What a read found: the generation and epoch to write under, and the answer when one is stored and current. */
export interface SharedRead { generation: string; epoch: string; value: ListingPartiesResponse | null }

/**
 * The access answers (listings' parties + a user's journey) shared by the documents processes through Redis, beside
 * each one's own PartiesCache: a replica that never saw a buyer reads the answer another one asked listings for,
 * instead of asking again (the gateway spreads a buyer's requests over the replicas: each used to ask for itself).
 * Safe as the local cache is: every process subscribed to the listing events drops the listing's answers and bumps its
 * generation on each event (invalidate), an answer is stored only if no event came since its reader began (the
 * generation and the epoch it read, checked in one script), a (re)subscribing process bumps the epoch (events may have
 * been missed: nothing stored before is used), and an answer is used ttlMs at most after it was asked. Each stored
 * answer carries an HMAC over itself, its listing and its user (the key: sharedAnswersKey), so a write to Redis can
 * neither mint an answer nor move one to another buyer (as the gateway's session cache entries are signed).
 */
export class SharedPartiesStore {
  constructor(private readonly redis: Redis, private readonly ttlMs: number, private readonly macKey: Buffer) {}

  private mac(listingId: string, userKey: string, body: string): Buffer {
    return createHmac('sha256', this.macKey).update(`${listingId}\n${userKey}\n`).update(body).digest();
  }

  async read(listingId: string, userKey: string): Promise<SharedRead> {
    const res = await this.redis.multi().get(EPOCH).get(GENERATION + listingId).hget(KEY + listingId, userKey).exec();
    const [epoch, generation, raw] = (res ?? []).map(([err, v]) => (err ? null : (v as string | null)));
    const read = { generation: generation ?? '0', epoch: epoch ?? '0', value: null as ListingPartiesResponse | null };
    const cut = raw?.indexOf('.') ?? -1;
    if (!raw || cut < 0) return read;
    const given = Buffer.from(raw.slice(0, cut), 'base64url');
    const body = raw.slice(cut + 1);
    const expected = this.mac(listingId, userKey, body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return read;
    try {
      const s = JSON.parse(body) as Stored;
      if (s.g === read.generation && s.e === read.epoch && Date.now() - s.at < this.ttlMs) read.value = s.v;
    } catch { /* unreadable: asked again */ }
    return read;
  }

  /** Stores what listings answered, when the listing's generation and the epoch are still those `read` gave. */
  async write(listingId: string, userKey: string, read: Pick<SharedRead, 'generation' | 'epoch'>, value: ListingPartiesResponse, askedAt: number): Promise<boolean> {
    const body = JSON.stringify({ g: read.generation, e: read.epoch, at: askedAt, v: value } satisfies Stored);
    const signed = `${this.mac(listingId, userKey, body).toString('base64url')}.${body}`;
    const done = await this.redis.eval(WRITE_IF_CURRENT, 3, KEY + listingId, GENERATION + listingId, EPOCH,
      read.generation, read.epoch, userKey, signed, String(this.ttlMs));
    return done === 1;
  }

  /** A listing event: its answers dropped, its generation moved (an answer asked before is not stored after). */
  async invalidate(listingId: string): Promise<void> {
    await this.redis.multi().incr(GENERATION + listingId).pexpire(GENERATION + listingId, GENERATION_TTL_MS).del(KEY + listingId).exec();
  }

  /** Every answer stored so far set aside (a process subscribed again: events may have been missed meanwhile). */
  async newEpoch(): Promise<void> {
    await this.redis.incr(EPOCH);
  }
}
