import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** Creates the service's shared ioredis client (lazy; reconnects; errors logged, never thrown at the process). */
export function createRedisClient(url: string, name = 'redis'): Redis {
  const logger = new Logger(name);
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 2000,
    // a call while Redis is away fails within 1.5 s (the route answers 503) instead of waiting for its return
    commandTimeout: 1500 });
  let lastLogged = 0;
  client.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastLogged > 10_000) {
      lastLogged = now;
      logger.warn(`redis error: ${err.message}`);
    }
  });
  return client;
}

export const redisClientProvider = {
  provide: REDIS_CLIENT,
  inject: [SERVICE_CONFIG],
  useFactory: (config: ServiceConfig) => createRedisClient(config.REDIS_URL),
};

/** Closes the shared Redis client on shutdown. */
@Injectable()
export class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
