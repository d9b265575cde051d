import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RateLimits {
  /** Sign-in attempts per client IP + e-mail and minute. */
  loginPerMinute: number;
  /** Sign-in attempts per client IP and minute (any e-mail). */
  loginIpPerMinute: number;
  /** Reset-link requests and reset-token checks per client IP and minute. */
  resetPerMinute: number;
  /**
   * Failed sign-ins of one account before it is locked (for clients without a device cookie of that account; a device
   * that signed in to it before has the same budget of its own).
   */
  accountFailures: number;
  /** First lockout (ms); doubled per further failure up to accountLockMaxMs. */
  accountLockMs: number;
  accountLockMaxMs: number;
  /** Each public form (register, NDA sign-up, contact, call-back) per client IP and minute. */
  formsPerMinute: number;
  /** Sign-ups (register + NDA sign-up together) per client IP and hour: duplicate-e-mail answers cannot be mined at scale. */
  signupsPerHour: number;
  /** Session tokens that resolve to no session, per client IP and minute. */
  badTokensPerMinute: number;
}

/** Failures of an account are forgotten after this quiet period, so a lockout never grows without bound. */
const FAILURE_MEMORY_MS = 60 * 60 * 1000;
/**
 * A session identity confirmed (or issued) is "known" this long after it was last confirmed: as long as the session's
 * idle expiry, so a live session never falls out of it. Known sessions are resolved even from a client over its
 * unknown-token budget.
 */
const KNOWN_SESSION_MS = 2 * 60 * 60 * 1000;
const MINUTE = 60_000;
const PREFIX = 'gw-rl:';

/** Hashed, so rate-limit keys in Redis carry no e-mail addresses. */
export function emailKey(body: unknown): string | null {
  const email = body && typeof body === 'object' && typeof (body as { email?: unknown }).email === 'string'
    ? (body as { email: string }).email.trim().toLowerCase().slice(0, 320) : '';
  return email ? createHash('sha256').update(email).digest('hex').slice(0, 24) : null;
}

export interface Rule { key: string; max: number; windowMs: number }

// One round trip per request: a lock key (an account lockout) first, then fixed-window counters in order; the first
// one over its maximum stops the count. Returns [index of the rule that refused (0 = the lock), ms until retry] or [-1, 0].
const CHECK = `
local lock = redis.call('PTTL', KEYS[1])
if lock > 0 then return {0, lock} end
for i = 2, #KEYS do
  local c = redis.call('INCR', KEYS[i])
  if c == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i - 2]) end
  if c > tonumber(ARGV[2 * i - 3]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i - 2]); ttl = tonumber(ARGV[2 * i - 2]) end
    return {i - 1, ttl}
  end
end
return {-1, 0}`;

// A failed sign-in: count it (forgotten after a quiet hour); from the Nth failure on, lock the account for
// base * 2^(n - N), at most max. Returns the lock in ms (0: none).
const FAIL = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local over = n - tonumber(ARGV[1])
if over < 0 then return 0 end
local ms = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * math.pow(2, math.min(over, 30)))
redis.call('SET', KEYS[2], '1', 'PX', math.floor(ms))
return math.floor(ms)`;

type ThrottleRedis = Redis & {
  gwThrottleCheck(numKeys: number, ...args: (string | number)[]): Promise<[number, number]>;
  gwThrottleFail(numKeys: number, ...args: (string | number)[]): Promise<number>;
};

/**
 * Redis-shared limits (every gateway replica counts together). When Redis is down the limits are skipped (logged),
 * as before: sign-in keeps working.
 */
export class Throttle {
  private readonly redis: ThrottleRedis;
  /** IPs refused for bad tokens, remembered in-process until their window ends (no Redis call while refused). */
  private readonly badTokenBlocked = new Map<string, number>();

  constructor(redis: Redis, readonly limits: RateLimits, private readonly log: FastifyBaseLogger) {
    this.redis = redis as ThrottleRedis;
    if (typeof this.redis.gwThrottleCheck !== 'function') {
      redis.defineCommand('gwThrottleCheck', { lua: CHECK });
      redis.defineCommand('gwThrottleFail', { lua: FAIL });
    }
  }

  /** ms until the caller may retry when a rule (or the lock) refuses; 0 when allowed. */
  async check(rules: Rule[], lockKey?: string): Promise<number> {
    if (rules.length === 0 && !lockKey) return 0;
    const keys = [PREFIX + (lockKey ?? 'lock:-'), ...rules.map((r) => PREFIX + r.key)];
    const args = rules.flatMap((r) => [r.max, r.windowMs]);
    try {
      const [refused, ms] = await this.redis.gwThrottleCheck(keys.length, ...keys, ...args);
      return refused >= 0 ? Math.max(1, ms) : 0;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'rate limit check failed (skipped)');
      return 0;
    }
  }

  /**
   * The rules of a public route for this request, or null when the route is not limited. A sign-in from a device that
   * signed in to this account before (`deviceId`, from its device cookie) meets that device's lockout instead of the
   * account's: whoever else knows the e-mail cannot lock its owner out.
   */
  rulesFor(path: string, ip: string, body: unknown, deviceId?: string | null): { rules: Rule[]; lockKey?: string } | null {
    const l = this.limits;
    switch (path) {
      case '/auth/login': {
        const account = emailKey(body) ?? '-';
        return {
          rules: [
            { key: `login-ip:${ip}`, max: l.loginIpPerMinute, windowMs: MINUTE },
            { key: `login:${ip}:${account}`, max: l.loginPerMinute, windowMs: MINUTE },
          ],
          lockKey: deviceId ? `device-lock:${deviceId}` : `lock:${account}`,
        };
      }
      case '/auth/reset-password':
        return { rules: [{ key: `reset:${ip}`, max: l.resetPerMinute, windowMs: MINUTE }] };
      case '/auth/register':
      case '/auth/nda-submit':
        return {
          rules: [
            { key: `form:${path}:${ip}`, max: l.formsPerMinute, windowMs: MINUTE },
            { key: `signup:${ip}`, max: l.signupsPerHour, windowMs: 60 * MINUTE },
          ],
        };
      case '/auth/contact-message':
      case '/callback-request':
        return { rules: [{ key: `form:${path}:${ip}`, max: l.formsPerMinute, windowMs: MINUTE }] };
      default:
        return null;
    }
  }

  /**
   * After identity answered a sign-in: a failure counts towards the lockout (the device's when it came with a valid
   * device cookie of the account, else the account's), a success clears that one.
   */
  async signInAnswered(body: unknown, status: number, deviceId?: string | null): Promise<void> {
    const account = emailKey(body);
    if (!account || (status !== 401 && status !== 200)) return;
    const [fail, lock] = deviceId ? [`device-fail:${deviceId}`, `device-lock:${deviceId}`] : [`fail:${account}`, `lock:${account}`];
    try {
      if (status === 200) {
        await this.redis.del(PREFIX + fail, PREFIX + lock);
      } else {
        const l = this.limits;
        await this.redis.gwThrottleFail(2, PREFIX + fail, PREFIX + lock,
          l.accountFailures, l.accountLockMs, l.accountLockMaxMs, FAILURE_MEMORY_MS);
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'sign-in failure count failed (skipped)');
    }
  }

  /** Remembers a session identity confirmed or issued (by its token hash): see KNOWN_SESSION_MS. Fire-and-forget. */
  sessionSeen(tokenHash: string): void {
    this.redis.set(`${PREFIX}known:${tokenHash}`, '1', 'PX', KNOWN_SESSION_MS).catch((err: Error) => {
      this.log.warn({ err: err.message }, 'known-session mark failed (skipped)');
    });
  }

  /** Whether a token was a session recently; true when Redis cannot tell (a valid session is never refused for it). */
  async sessionKnown(tokenHash: string): Promise<boolean> {
    try {
      return (await this.redis.exists(`${PREFIX}known:${tokenHash}`)) === 1;
    } catch {
      return true;
    }
  }

  /**
   * ms to wait when this IP has sent too many session tokens that resolve to nothing (no Redis call). While it waits,
   * its tokens are still resolved from the session caches and known sessions (`sessionKnown`), only unknown ones are
   * refused: a valid session behind the same address (an office's NAT) keeps working.
   */
  badTokenWait(ip: string): number {
    const until = this.badTokenBlocked.get(ip);
    if (!until) return 0;
    const left = until - Date.now();
    if (left > 0) return left;
    this.badTokenBlocked.delete(ip);
    return 0;
  }

  /** Counts a session token that resolved to nothing; returns the ms to wait once the IP is over its budget. */
  async badToken(ip: string): Promise<number> {
    const wait = await this.check([{ key: `bad-token:${ip}`, max: this.limits.badTokensPerMinute, windowMs: MINUTE }]);
    if (wait > 0) {
      if (this.badTokenBlocked.size > 10_000) this.badTokenBlocked.clear();
      this.badTokenBlocked.set(ip, Date.now() + wait);
    }
    return wait;
  }
}

/** Retry-After seconds for a wait in ms. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));
