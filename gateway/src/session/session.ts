import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SignJWT, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { request } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import {
  IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER, SESSION_CACHE_AUDIENCE, SESSION_CACHE_ISSUER,
  SESSION_CACHE_TOKEN_HASH_CLAIM, SESSIONS_ENDED_CHANNEL, type IdentityClaims,
} from '@brokerage/contracts';
import type { GatewaySigningKey } from './keys.js';
import type { ReplicaPool } from '../proxy/upstreams.js';
import { isConnectError } from '../proxy/upstreams.js';

const TOKEN_RE = /^[A-Za-z0-9_\-.~+/=]{16,512}$/;
const ROLES = new Set(['BROKER', 'AGENT', 'SELLER', 'BUYER']);
const JWT_TTL_S = 60;
const NEGATIVE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;
const RESOLVE_TIMEOUT_MS = 2_000;
/** How long a session announced as ended is refused without asking (longer than any lookup in flight can take). */
const ENDED_TTL_MS = 60_000;
const HASH_RE = /^[0-9a-f]{64}$/;

export function sha256Hex(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface Cached {
  jwt: string;
  until: number;
  /** From then on a request still gets `jwt` but the session is looked up again in the background (see refresh). */
  refreshAt: number;
  /** When the verified answer it was signed from ends (identity's Redis entry: its exp). */
  sourceExp: number;
  refreshing?: boolean;
}

/** What a lookup found: the claims and when the answer they came from ends (ms). */
interface Found { claims: IdentityClaims; exp: number }

/** identity's Redis entries live this long (identity SESSION_CACHE_TTL_S): the exp of an answer identity gave. */
const IDENTITY_ENTRY_MS = 60_000;

export interface SessionResolverOptions {
  redis: Redis;
  /** Signs users' x-identity-token (services hold only its public half). */
  identityKey: GatewaySigningKey;
  /** Signs the gateway's own service token (session resolve calls). */
  serviceKey: GatewaySigningKey;
  /** Verifies the session cache entries identity signs, so a write to Redis cannot mint a session. */
  cacheKeys: JWTVerifyGetKey;
  identity: ReplicaPool;
  cacheMs: number;
  log: FastifyBaseLogger;
  /** Called with the token hash of each session identity confirmed (the rate limits remember it as a known session). */
  onIdentityResolved?: (hash: string) => void;
}

export interface LookupOptions {
  /**
   * Whether identity may be asked about a token found in neither cache (default: always). A client over its
   * unknown-token budget passes a check, so only sessions seen before cost identity a call.
   */
  mayAskIdentity?: (hash: string) => Promise<boolean>;
}

/** Listener of ended sessions (their token hashes); `resync` after the notices may have been missed. */
export interface SessionEndListener {
  ended(hashes: string[]): void;
  resync(): void;
}

/**
 * Turns an opaque session token into a short-lived signed identity JWT (x-identity-token) for the services.
 *  1. local cache of the signed JWT per (token hash, via) for `cacheMs` (≤ 30 s of the JWT's 60 s life);
 *  2. Redis `session:<sha256>`: a JWT identity signed (claims + exp), verified here; anything else is a miss;
 *  3. on a miss, identity POST /internal/sessions/resolve {token} with a service JWT.
 * Invalid or unknown tokens resolve to null (anonymous; services answer 401 themselves); when identity cannot answer,
 * identityTokenFor throws IdentityUnavailableError (the caller answers 503).
 * Local entries are dropped when identity deletes the Redis key (keyspace notifications), on logout, and when identity
 * announces the session ended (SESSIONS_ENDED_CHANNEL): then listeners (the live-event streams) are told too.
 *
 * A session in use is looked up again before its entry ends, in the background (refresh-ahead, from a random point
 * between half and three quarters of `cacheMs`): its requests never wait on Redis or identity, and sessions that began
 * together (200 buyers opening a data room) are not all looked up again in the same second — they were, every 30 s,
 * each wave a 2 s stall of every page (bench:viewer). When identity's Redis entry would end before the next local
 * entry does, the background lookup asks identity itself (which writes a new entry), so an active session's entry does
 * not lapse. A lookup stores nothing when its session was invalidated meanwhile.
 */
export class SessionResolver {
  private readonly cache = new Map<string, Cached>();
  private readonly negative = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<Found | null | 'unasked'>>();
  /** Sessions identity announced as ended, until when they are refused without a lookup. */
  private readonly ended = new Map<string, number>();
  private readonly listeners = new Set<SessionEndListener>();
  private serviceJwt: { jwt: string; until: number } | null = null;
  /** Counts invalidations; per hash, the count at its last one (a lookup started before it stores nothing). */
  private generation = 0;
  private readonly invalidatedAt = new Map<string, number>();

  constructor(private readonly o: SessionResolverOptions) {}

  /** Returns the x-identity-token value for this token, or null for anonymous. */
  async identityTokenFor(token: string, via: 'cookie' | 'header', opts: LookupOptions = {}): Promise<string | null> {
    if (!TOKEN_RE.test(token)) return null;
    const hash = sha256Hex(token);
    const ck = `${hash}:${via}`;
    const now = Date.now();
    const hit = this.cache.get(ck);
    if (hit && hit.until > now) {
      if (now >= hit.refreshAt && !hit.refreshing) this.refresh(hit, hash, token, via, ck);
      return hit.jwt;
    }
    const neg = this.negative.get(hash);
    if ((neg && neg > now) || this.isEnded(hash)) return null;
    const generation = this.generation;
    return this.resolve(hash, token, via, ck, await this.claimsFor(hash, token, opts), now, generation);
  }

  /** Signs and caches what a lookup found (a miss, or a refresh); null for no session. */
  private async resolve(hash: string, token: string, via: 'cookie' | 'header', ck: string, found: Found | null | 'unasked', startedAt: number, generation: number): Promise<string | null> {
    if (found === 'unasked') return null;
    if (!found) {
      this.cache.delete(ck);
      this.remember(this.negative, hash, startedAt + NEGATIVE_TTL_MS);
      return null;
    }
    const jwt = await this.sign({ ...found.claims, via }, this.o.identityKey, IDENTITY_JWT_ISSUER, IDENTITY_JWT_AUDIENCE);
    // the session may have ended while it was looked up: never cache (or hand out) what a notice already revoked
    if (this.isEnded(hash)) return null;
    if (this.o.cacheMs > 0 && (this.invalidatedAt.get(hash) ?? 0) <= generation) {
      const ms = this.o.cacheMs;
      this.remember(this.cache, ck, { jwt, until: startedAt + ms, refreshAt: startedAt + ms * (0.5 + Math.random() / 4), sourceExp: found.exp });
    }
    return jwt;
  }

  /** The background lookup of a session in use (its requests go on with the entry they have until it ends). */
  private refresh(hit: Cached, hash: string, token: string, via: 'cookie' | 'header', ck: string): void {
    hit.refreshing = true;
    const startedAt = Date.now();
    const generation = this.generation;
    // identity's entry ending before the next local one would: identity asked (it writes a new one), else Redis read
    const askIdentity = hit.sourceExp - startedAt < this.o.cacheMs;
    const found = askIdentity ? this.fromIdentity(hash, token) : this.claimsFor(hash, token, {});
    void found
      .then((f) => this.resolve(hash, token, via, ck, f, startedAt, generation))
      .catch((err: Error) => {
        // tried again a second later; the entry serves until it ends
        hit.refreshing = false;
        hit.refreshAt = Date.now() + 1000;
        if (!(err instanceof IdentityUnavailableError)) this.o.log.warn({ err: err.message }, 'session refresh failed');
      });
  }

  /** Forget everything cached for a token hash (logout through this gateway, or identity deleted the key). */
  invalidateHash(hash: string): void {
    this.remember(this.invalidatedAt, hash, ++this.generation); // a lookup in flight stores nothing for it
    this.cache.delete(`${hash}:cookie`);
    this.cache.delete(`${hash}:header`);
    this.negative.delete(hash);
  }

  /** Identity announced these sessions ended: forget them, refuse them for a while without asking, tell the listeners. */
  sessionsEnded(hashes: string[]): void {
    const until = Date.now() + ENDED_TTL_MS;
    for (const h of hashes) {
      this.invalidateHash(h);
      this.remember(this.ended, h, until);
    }
    for (const l of this.listeners) l.ended(hashes);
  }

  /** Notices may have been missed (the subscription was down): listeners check their sessions again. */
  resync(): void {
    for (const l of this.listeners) l.resync();
  }

  /** True while a session announced as ended is still remembered. */
  isEnded(hash: string): boolean {
    const until = this.ended.get(hash);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.ended.delete(hash);
    return false;
  }

  onSessionEnd(listener: SessionEndListener): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  invalidateToken(token: string): void {
    if (TOKEN_RE.test(token)) this.invalidateHash(sha256Hex(token));
  }

  /** Service-to-service token ({sub:'service:gateway', role:'SERVICE'}), reused while it has ≥ 30 s left. */
  async serviceToken(): Promise<string> {
    const now = Date.now();
    if (this.serviceJwt && this.serviceJwt.until > now) return this.serviceJwt.jwt;
    const jwt = await this.sign({ sub: 'service:gateway', role: 'SERVICE', name: 'gateway' }, this.o.serviceKey, SERVICE_JWT_ISSUER, SERVICE_JWT_AUDIENCE);
    this.serviceJwt = { jwt, until: now + 30_000 };
    return jwt;
  }

  private remember<V>(map: Map<string, V>, k: string, v: V): void {
    if (map.size >= MAX_ENTRIES) {
      // drop the oldest tenth (Map keeps insertion order)
      let n = Math.ceil(MAX_ENTRIES / 10);
      for (const key of map.keys()) { map.delete(key); if (--n <= 0) break; }
    }
    map.set(k, v);
  }

  private async sign(claims: IdentityClaims, key: GatewaySigningKey, iss: string, aud: string): Promise<string> {
    const payload: Record<string, unknown> = { role: claims.role, name: claims.name };
    if (claims.email !== undefined) payload.email = claims.email;
    if (claims.sid !== undefined) payload.sid = claims.sid;
    if (claims.via !== undefined) payload.via = claims.via;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
      .setSubject(claims.sub)
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(`${JWT_TTL_S}s`)
      .sign(key.key);
  }

  private claimsFor(hash: string, token: string, opts: LookupOptions): Promise<Found | null | 'unasked'> {
    // a restricted lookup (a client over its unknown-token budget) neither joins nor is joined by an unrestricted one
    const key = opts.mayAskIdentity ? `${hash}:restricted` : hash;
    let p = this.inflight.get(key);
    if (!p) {
      p = this.lookup(hash, token, opts).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  private async lookup(hash: string, token: string, opts: LookupOptions): Promise<Found | null | 'unasked'> {
    try {
      const raw = await this.o.redis.get(`session:${hash}`);
      if (raw) {
        const c = await this.verifyCacheEntry(raw, hash);
        if (c) return c;
        this.o.log.warn('session cache entry with a bad signature, no exp or another key\'s hash ignored; asking identity');
      }
    } catch (err) {
      this.o.log.warn({ err: (err as Error).message }, 'session cache read failed; asking identity');
    }
    if (opts.mayAskIdentity && !(await opts.mayAskIdentity(hash))) return 'unasked';
    return this.fromIdentity(hash, token);
  }

  private async fromIdentity(hash: string, token: string): Promise<Found | null> {
    const startedAt = Date.now();
    const claims = await this.resolveWithIdentity(token);
    if (!claims) return null;
    this.o.onIdentityResolved?.(hash);
    return { claims, exp: startedAt + IDENTITY_ENTRY_MS };
  }

  /**
   * A session cache entry is trusted only with identity's signature, an exp (still ahead) and the token hash it was
   * read under (claim th): a genuine entry copied under another token's key is no session.
   */
  private async verifyCacheEntry(raw: string, hash: string): Promise<Found | null> {
    try {
      const { payload } = await jwtVerify(raw, this.o.cacheKeys, {
        issuer: SESSION_CACHE_ISSUER, audience: SESSION_CACHE_AUDIENCE, algorithms: ['ES256'],
        requiredClaims: ['exp', SESSION_CACHE_TOKEN_HASH_CLAIM],
      });
      if (payload[SESSION_CACHE_TOKEN_HASH_CLAIM] !== hash) return null;
      const claims = claimsFrom(payload as Record<string, unknown>);
      return claims ? { claims, exp: payload.exp! * 1000 } : null;
    } catch {
      return null;
    }
  }

  /**
   * identity's answer for the token: its claims, or null when identity says it is no session (4xx). When identity
   * cannot answer (every replica refused, timed out or answered 5xx within RESOLVE_TIMEOUT_MS) this throws
   * IdentityUnavailableError: the session is not known to be bad, so it is neither remembered as unknown nor counted
   * against the client's unknown-token budget, and the request is answered 503 (a slow identity under load made valid
   * sessions 401 — the portal then signs its user out — and cached them as unknown for 5 s; npm run soak).
   */
  private async resolveWithIdentity(token: string): Promise<IdentityClaims | null> {
    const tried = new Set<string>();
    const deadline = Date.now() + RESOLVE_TIMEOUT_MS;
    for (;;) {
      const origin = this.o.identity.next(tried);
      if (!origin) throw new IdentityUnavailableError('no identity replica answered');
      tried.add(origin);
      try {
        // undici's request, not fetch: a quarter of the CPU per call (bench:viewer: 200 sessions resolved at once)
        const res = await request(`${origin}/internal/sessions/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-identity-token': await this.serviceToken() },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(Math.max(100, deadline - Date.now())),
        });
        if (res.statusCode === 200) return parseClaims(await res.body.text());
        await res.body.dump();
        if (res.statusCode < 500) return null;
        if (Date.now() < deadline) continue;
        throw new IdentityUnavailableError(`identity answered ${res.statusCode}`);
      } catch (err) {
        if (err instanceof IdentityUnavailableError) throw err;
        if (isConnectError(err)) { this.o.identity.markDown(origin); if (Date.now() < deadline) continue; }
        this.o.log.warn({ err: (err as Error).message }, 'session resolve failed: identity unavailable');
        throw new IdentityUnavailableError((err as Error).message);
      }
    }
  }
}

/** identity could not say whether a session token is valid (down, overloaded): answer 503, remember nothing. */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError';
}

/** Parses identity's resolve answer (JSON IdentityClaims + optional exp); null when malformed or expired. */
export function parseClaims(raw: string): IdentityClaims | null {
  let v: Record<string, unknown>;
  try { v = JSON.parse(raw); } catch { return null; }
  if (!v || typeof v !== 'object') return null;
  return claimsFrom((v.claims && typeof v.claims === 'object' ? v.claims : v) as Record<string, unknown>, v.exp);
}

function claimsFrom(c: Record<string, unknown>, outerExp?: unknown): IdentityClaims | null {
  if (typeof c.sub !== 'string' || !c.sub || typeof c.role !== 'string' || !ROLES.has(c.role)) return null;
  const exp = typeof outerExp === 'number' ? outerExp : typeof c.exp === 'number' ? c.exp : undefined;
  if (exp !== undefined) {
    const expMs = exp < 1e12 ? exp * 1000 : exp;
    if (expMs <= Date.now()) return null;
  }
  return {
    sub: c.sub,
    role: c.role as IdentityClaims['role'],
    name: typeof c.name === 'string' ? c.name : '',
    ...(typeof c.email === 'string' ? { email: c.email } : {}),
    ...(typeof c.sid === 'string' ? { sid: c.sid } : {}),
  };
}

/**
 * Subscribes to Redis keyspace notifications for `session:*` deletions (enabling them with CONFIG SET when allowed,
 * again after every reconnect) and to identity's notices of ended sessions (SESSIONS_ENDED_CHANNEL). After a reconnect
 * of the subscription, notices may have been missed: the resolver's listeners check their sessions again. Never
 * blocks the start for long: resolves once subscribed or after `waitMs`.
 */
export async function watchSessionDeletes(redis: Redis, resolver: SessionResolver, log: FastifyBaseLogger, waitMs = 1500): Promise<() => Promise<void>> {
  // connects (and reconnects, resubscribing) by itself; the psubscribe below waits in the offline queue meanwhile
  const sub = redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, commandTimeout: undefined });
  sub.on('error', () => { /* reconnects by itself */ });
  let warned = false;
  const enable = async () => {
    try {
      const cfg = (await redis.config('GET', 'notify-keyspace-events')) as string[];
      const current = cfg?.[1] ?? '';
      if (!(current.includes('K') && (current.includes('g') || current.includes('A')))) {
        await redis.config('SET', 'notify-keyspace-events', Array.from(new Set((current + 'Kg').split(''))).join(''));
      }
    } catch (err) {
      if (!warned) log.warn({ err: (err as Error).message }, 'cannot enable Redis keyspace notifications; a revoked session may be honoured up to SESSION_CACHE_MS');
      warned = true;
    }
  };
  redis.on('ready', () => { void enable(); });
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== SESSIONS_ENDED_CHANNEL) return;
    const hashes = endedHashes(raw);
    if (hashes.length > 0) resolver.sessionsEnded(hashes);
  });
  let readyOnce = false;
  sub.on('ready', () => {
    if (readyOnce) resolver.resync();
    readyOnce = true;
  });
  sub.on('pmessage', (_pattern: string, channel: string, event: string) => {
    if (event === 'del' || event === 'unlink' || event === 'expired' || event === 'rename_from') {
      const i = channel.indexOf(':session:');
      if (i >= 0) resolver.invalidateHash(channel.slice(i + 9));
    }
  });
  const ready = (async () => {
    await enable();
    await Promise.all([sub.psubscribe('__keyspace@*__:session:*'), sub.subscribe(SESSIONS_ENDED_CHANNEL)]);
  })().catch((err) => log.warn({ err: (err as Error).message }, 'cannot subscribe to session keyspace notifications'));
  await Promise.race([ready, new Promise((r) => setTimeout(r, waitMs).unref())]);
  return async () => { sub.disconnect(); };
}

/** The token hashes of a SessionsEndedNotice (anything malformed is ignored). */
function endedHashes(raw: string): string[] {
  try {
    const v = JSON.parse(raw) as { tokenHashes?: unknown };
    return Array.isArray(v?.tokenHashes) ? v.tokenHashes.filter((h): h is string => typeof h === 'string' && HASH_RE.test(h)) : [];
  } catch {
    return [];
  }
}
