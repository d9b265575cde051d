import crypto from 'node:crypto';
import path from 'node:path';
import { freePort } from './ports.mjs';
import { startPostgres } from './postgres.mjs';
import { startRedis } from './redis.mjs';
import { startS3 } from './s3.mjs';

/**
 * Starts PostgreSQL, Redis and S3 under dataDir on the given ports (free ones when omitted) and returns the env
 * every service reads (DATABASE_URL, REDIS_URL, S3_*) plus stop(). Any part whose *_URL/S3_ENDPOINT is already
 * set in `external` is not started: the real server is used instead.
 * @param {{ dataDir: string, ports?: { postgres?: number, redis?: number, s3?: number },
 *   external?: Record<string, string | undefined>, log?: (line: string) => void }} opts
 */
export async function startInfra({ dataDir, ports = {}, external = {}, log = () => {} }) {
  /** @type {Record<string, string>} */
  const env = {};
  const stops = [];
  /**
   * Fault handles of the embedded servers (the chaos harness): stop() and start() again on the same port and data.
   * @type {Record<string, { stop: () => Promise<unknown>, start: () => Promise<unknown>, running: () => boolean }>}
   */
  const control = {};
  /** @param {string} name @param {() => Promise<{ stop: () => Promise<unknown> }>} starter @param {{ stop: () => Promise<unknown> }} first */
  const controlOf = (name, starter, first) => {
    let current = first;
    let up = true;
    control[name] = {
      stop: async () => { if (!up) return; up = false; await current.stop(); },
      start: async () => { if (up) return; current = await starter(); up = true; },
      running: () => up,
    };
    return () => control[name].stop();
  };
  const s3Keys = { accessKey: external.S3_ACCESS_KEY || 'brokerage-local', secretKey: external.S3_SECRET_KEY || 'brokerage-local-secret' };
  const bucket = external.S3_BUCKET || 'brokerage';
  try {
    await Promise.all([
      (async () => {
        if (external.DATABASE_URL) { env.DATABASE_URL = external.DATABASE_URL; return; }
        const port = ports.postgres || (await freePort());
        const start = () => startPostgres({ dataDir: path.join(dataDir, 'postgres'), port, log });
        const pgSrv = await start();
        stops.push(controlOf('postgres', start, pgSrv));
        env.DATABASE_URL = pgSrv.url;
      })(),
      (async () => {
        if (external.REDIS_URL) { env.REDIS_URL = external.REDIS_URL; return; }
        const port = ports.redis || (await freePort());
        const start = () => startRedis({ port, dir: path.join(dataDir, 'redis'), log });
        const redis = await start();
        stops.push(controlOf('redis', start, redis));
        env.REDIS_URL = redis.url;
      })(),
      (async () => {
        if (external.S3_ENDPOINT) { env.S3_ENDPOINT = external.S3_ENDPOINT; return; }
        const port = ports.s3 || (await freePort());
        const start = () => startS3({ port, dir: path.join(dataDir, 's3'), bucket, ...s3Keys });
        const s3 = await start();
        stops.push(controlOf('s3', start, s3));
        env.S3_ENDPOINT = s3.endpoint;
      })(),
    ]);
  } catch (err) {
    await Promise.allSettled(stops.map((s) => s()));
    throw err;
  }
  Object.assign(env, { S3_ACCESS_KEY: s3Keys.accessKey, S3_SECRET_KEY: s3Keys.secretKey, S3_BUCKET: bucket, S3_REGION: external.S3_REGION || 'us-east-1' });
  return { env, control, stop: () => Promise.allSettled(stops.reverse().map((s) => s())) };
}

export const randomSecret = () => crypto.randomBytes(32).toString('hex');
