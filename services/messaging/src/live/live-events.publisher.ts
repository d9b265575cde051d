import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { USER_EVENTS_MAXLEN, userEventsKey, type LiveEvent } from '@brokerage/contracts';
import { loadConfig } from '@brokerage/nest-common';

/** XADD to the user's stream and PUBLISH `{id} {json}` on its channel, atomically (so ids reach subscribers in order). */
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[1])
redis.call('PUBLISH', KEYS[1], id .. ' ' .. ARGV[1])
return id`;

/**
 * Live notifications (issue 9 §2) after a change has committed. Fire-and-forget: a client that misses one reloads over
 * HTTP, so a Redis outage never fails a send.
 */
@Injectable()
export class LiveEventsPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveEventsPublisher.name);
  private redis: Redis | null = null;

  private client(): Redis {
    this.redis ??= new Redis(loadConfig().REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: false });
    this.redis.on('error', () => undefined);
    return this.redis;
  }

  async publish(userId: string, event: LiveEvent): Promise<string | null> {
    try {
      return (await this.client().eval(PUBLISH_SCRIPT, 1, userEventsKey(userId), JSON.stringify(event), USER_EVENTS_MAXLEN)) as string;
    } catch (err) {
      this.logger.warn(`live event ${event.type} for ${userId} not published: ${(err as Error).message}`);
      return null;
    }
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
