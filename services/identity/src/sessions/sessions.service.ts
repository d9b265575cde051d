import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { IdentityClaims } from '@brokerage/contracts';
import { newOpaqueToken, sha256Hex } from '../common/tokens.js';
import type { ClientMeta } from '../common/http.js';
import { RedisService, sessionCacheKey } from '../redis/redis.service.js';
import { SessionsRepository, type ResolvedSessionRow } from './sessions.repository.js';

export const SESSION_CACHE_TTL_S = 60;

export interface IssuedSession {
  sid: string;
  token: string;
}

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly redis: RedisService,
  ) {}

  /**
   * A new session. Given its user (and outside a caller's transaction, which could still roll it back), its session
   * cache entry is written at once, as the resolve would: the new session's first requests are resolved by the
   * gateway from Redis instead of each asking identity (during a burst of sign-ins identity is busiest, and a resolve
   * it could not answer within 2 s was a 503; npm run soak).
   */
  async issue(userId: string, meta: ClientMeta, manager?: EntityManager, user?: Pick<IdentityClaims, 'role' | 'name' | 'email'>): Promise<IssuedSession> {
    const token = newOpaqueToken();
    const tokenHash = sha256Hex(token);
    const s = await this.sessions.insert({ userId, tokenHash, ...meta }, manager);
    if (user && !manager) {
      const claims: IdentityClaims = { sub: userId, role: user.role, name: user.name, email: user.email, sid: s.id };
      await this.redis.putSession(tokenHash, claims, Math.floor(Date.now() / 1000) + SESSION_CACHE_TTL_S)
        .catch((err: Error) => this.logger.warn(`session cache write failed: ${err.message}`));
    }
    return { sid: s.id, token };
  }

  /** Validates an opaque token (never a user id: only its hash is looked up), touches it, caches the claims. */
  async resolveToken(token: string): Promise<IdentityClaims | null> {
    if (typeof token !== 'string' || token.length < 16 || token.length > 512) return null;
    const tokenHash = sha256Hex(token);
    const row = await this.sessions.resolveLive({ tokenHash }, true);
    if (!row) {
      await this.redis.client.del(sessionCacheKey(tokenHash)).catch(() => undefined);
      return null;
    }
    const claims = toClaims(row);
    const nowS = Math.floor(Date.now() / 1000);
    const exp = Math.min(nowS + SESSION_CACHE_TTL_S, Math.floor(row.expiresAt.getTime() / 1000));
    try {
      await this.redis.putSession(tokenHash, claims, exp);
    } catch (err) {
      this.logger.warn(`session cache write failed: ${(err as Error).message}`);
    }
    return claims;
  }

  /** A live session by id (from the gateway's claims), without touching it. */
  async findLiveBySid(sid: string): Promise<IdentityClaims | null> {
    const row = await this.sessions.resolveLive({ sid }, false);
    return row ? toClaims(row) : null;
  }

  async revoke(sid: string): Promise<void> {
    const hash = await this.sessions.revoke(sid);
    if (hash) await this.dropCache([hash]);
  }

  async revokeToken(token: string): Promise<void> {
    const hash = sha256Hex(token);
    const row = await this.sessions.resolveLive({ tokenHash: hash }, false);
    if (row) await this.sessions.revoke(row.sid);
    await this.dropCache([hash]);
  }

  /** Revokes every session of a user and drops their cache keys (archive, password change). */
  async revokeAllForUser(userId: string, manager?: EntityManager): Promise<string[]> {
    const hashes = await this.sessions.revokeAllForUser(userId, manager);
    if (!manager) await this.dropCache(hashes);
    return hashes;
  }

  /**
   * These sessions ended (revoked): their cache keys go, and the gateways are told (SESSIONS_ENDED_CHANNEL) so that they
   * forget their copies and close the sessions' open live-event streams at once.
   */
  async dropCache(hashes: string[]): Promise<void> {
    if (hashes.length === 0) return;
    await this.dropKeys(hashes);
    try {
      await this.redis.publishSessionsEnded(hashes);
    } catch (err) {
      this.logger.warn(`session end notice failed: ${(err as Error).message}`);
    }
  }

  /** The user's claims changed (name, e-mail, role): the cache keys go, the sessions stay live. */
  async dropCacheOfUser(userId: string): Promise<void> {
    await this.dropKeys(await this.sessions.tokenHashesOfUser(userId));
  }

  private async dropKeys(hashes: string[]): Promise<void> {
    try {
      await this.redis.delSessionKeys(hashes);
    } catch (err) {
      this.logger.warn(`session cache delete failed: ${(err as Error).message}`);
    }
  }
}

function toClaims(row: ResolvedSessionRow): IdentityClaims {
  return { sub: row.userId, role: row.role, name: row.name, email: row.email, sid: row.sid };
}
