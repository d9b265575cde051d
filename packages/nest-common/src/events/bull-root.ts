import { Logger } from '@nestjs/common';
import { BullModule, OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import { EVENT_QUEUE_PREFIX } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';

/** BullMQ connection options from REDIS_URL (workers need maxRetriesPerRequest: null). */
export function bullConnectionFromUrl(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * The one BullMQ root of a service (@nestjs/bullmq): REDIS_URL, keys under the `brokerage` prefix (KEDA reads
 * `brokerage:<queue>:wait`). Every `@Processor` class and registered queue of the process uses it; BullModule closes
 * the workers at application shutdown. Import this very object (Nest then makes it once per application).
 */
export const BullRootModule = BullModule.forRootAsync({
  inject: [SERVICE_CONFIG],
  useFactory: (config: ServiceConfig) => ({ connection: bullConnectionFromUrl(config.REDIS_URL), prefix: EVENT_QUEUE_PREFIX }),
});

/** A cross-service event consumer (`@Processor(queue)` on a subclass): a failed attempt and a worker error are logged. */
export abstract class EventProcessor extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, err: Error): void {
    this.logger.warn(`${job?.name} ${job?.id} failed: ${err.message}`);
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.warn(`${this.constructor.name} worker: ${err.message}`);
  }
}
