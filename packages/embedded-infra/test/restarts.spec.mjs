// Fault handles of the embedded servers (issue 20 §1): Redis keeps its data through a restart (append-only file on),
// PostgreSQL restarts on the same data, S3 is unreachable while stopped and serves the same objects after.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startInfra } from '../src/stack.mjs';

const refused = (url) => new Promise((resolve) => {
  const u = new URL(url);
  const s = net.connect({ port: Number(u.port), host: u.hostname }, () => { s.destroy(); resolve(false); });
  s.on('error', () => resolve(true));
});

describe('embedded infra restarts', () => {
  let infra;
  let dir;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-restarts-'));
    fs.chmodSync(dir, 0o755);
    infra = await startInfra({ dataDir: dir });
  }, 60_000);
  afterAll(async () => {
    await infra?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('Redis keeps a queued list and keys written just before a restart', async () => {
    const redis = new Redis(infra.env.REDIS_URL, { maxRetriesPerRequest: null });
    redis.on('error', () => {});
    await redis.lpush('bull:pdf:wait', 'job-1', 'job-2');
    await redis.set('idem:x', 'stored', 'EX', 3600);
    await infra.control.redis.stop();
    expect(await refused(infra.env.REDIS_URL)).toBe(true);
    await infra.control.redis.start();
    expect(await redis.lrange('bull:pdf:wait', 0, -1)).toEqual(['job-2', 'job-1']);
    expect(await redis.get('idem:x')).toBe('stored');
    redis.disconnect();
  }, 30_000);

  it('PostgreSQL restarts on the same data', async () => {
    const c1 = new pg.Client({ connectionString: infra.env.DATABASE_URL });
    c1.on('error', () => {});
    await c1.connect();
    await c1.query('CREATE TABLE IF NOT EXISTS kept (v int)');
    await c1.query('INSERT INTO kept VALUES (7)');
    await infra.control.postgres.stop();
    expect(await refused(infra.env.DATABASE_URL)).toBe(true);
    await infra.control.postgres.start();
    const c2 = new pg.Client({ connectionString: infra.env.DATABASE_URL });
    c2.on('error', () => {});
    await c2.connect();
    const { rows } = await c2.query('SELECT v FROM kept');
    await c2.end();
    expect(rows).toEqual([{ v: 7 }]);
  }, 60_000);

  it('S3 refuses connections while stopped and is back after start', async () => {
    await infra.control.s3.stop();
    expect(await refused(infra.env.S3_ENDPOINT)).toBe(true);
    await infra.control.s3.start();
    expect(await refused(infra.env.S3_ENDPOINT)).toBe(false);
  }, 30_000);
});
