import type { ConnectionOptions } from 'bullmq';

export const PDF_QUEUE = 'pdf';

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
