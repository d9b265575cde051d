import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { USER_EVENT_LUA, USER_EVENTS_MAXLEN, userEventsKey, type LiveEvent } from '@brokerage/contracts';
import { loadConfig } from '@brokerage/nest-common';

type UserEventRedis = Redis & { userEvent(key: string, json: string, maxlen: number): Promise<string> };

/**
 * Live notifications (issue 9 §2) after a change has committed. Fire-and-forget: a client that misses one reloads over
 * HTTP, so a Redis outage never fails a send.
 */
@Injectable()
export class LiveEventsPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveEventsPublisher.name);
  private redis: UserEventRedis | null = null;

  private client(): UserEventRedis {
    if (!this.redis) {
      const redis = new Redis(loadConfig().REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: false });
      redis.on('error', () => undefined);
      redis.defineCommand('userEvent', { numberOfKeys: 1, lua: USER_EVENT_LUA });
      this.redis = redis as UserEventRedis;
    }
    return this.redis;
  }

  async publish(userId: string, event: LiveEvent): Promise<string | null> {
    try {
      return await this.client().userEvent(userEventsKey(userId), JSON.stringify(event), USER_EVENTS_MAXLEN);
    } catch (err) {
      this.logger.warn(`live event ${event.type} for ${userId} not published: ${(err as Error).message}`);
      return null;
    }
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
