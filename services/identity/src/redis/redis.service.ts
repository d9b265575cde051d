import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SESSIONS_ENDED_CHANNEL, type IdentityClaims, type SessionsEndedNotice } from '@brokerage/contracts';
import { REDIS_CLIENT, SERVICE_CONFIG, afterCommit, parsePrivateJwk, signSessionCacheEntry, type ServiceConfig } from '@brokerage/nest-common';

export const sessionCacheKey = (tokenHash: string) => `session:${tokenHash}`;

/** The session cache the gateway reads (`session:<sha256>`), on nest-common's shared Redis client. */
@Injectable()
export class RedisService {
  private readonly cacheKey: string;

  constructor(
    @Inject(REDIS_CLIENT) readonly client: Redis,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.cacheKey = config.SESSION_CACHE_PRIVATE_KEY ?? '';
    parsePrivateJwk(this.cacheKey, 'SESSION_CACHE_PRIVATE_KEY'); // fail at start, not on the first sign-in
  }

  /**
   * Writes the claims as an entry signed with identity's cache key (the gateway trusts nothing else), bound to this
   * token hash (claim `th`) and expiring at expS.
   */
  async putSession(tokenHash: string, claims: IdentityClaims, expS: number): Promise<void> {
    const ttl = Math.max(1, expS - Math.floor(Date.now() / 1000));
    await this.client.set(sessionCacheKey(tokenHash), await signSessionCacheEntry(claims, expS, this.cacheKey, tokenHash), 'EX', ttl);
  }

  async delSessionKeys(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    // after the revoke commits: a gateway re-reading the session before it would cache it as valid again
    await afterCommit(() => this.client.del(...tokenHashes.map(sessionCacheKey)));
  }

  /** Tells every gateway replica that these sessions ended: they drop their copies and close the live-event streams. */
  async publishSessionsEnded(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    const notice: SessionsEndedNotice = { tokenHashes };
    await afterCommit(() => this.client.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(notice)));
  }
}
