import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@brokerage/nest-common';

export const sessionCacheKey = (tokenHash: string) => `session:${tokenHash}`;

/** The session cache the gateway reads (`session:<sha256>`), on nest-common's shared Redis client. */
@Injectable()
export class RedisService {
  constructor(@Inject(REDIS_CLIENT) readonly client: Redis) {}

  async delSessionKeys(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.client.del(...tokenHashes.map(sessionCacheKey));
  }
}
