// The test infrastructure itself: the global setup must give every suite a real PostgreSQL, Redis and S3 API.
import pg from 'pg';
import { Redis } from 'ioredis';
import * as Minio from 'minio';
import crypto from 'node:crypto';

describe('embedded infrastructure started by the Jest global setup', () => {
  it('serves a real PostgreSQL that runs SQL', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query("SELECT current_setting('server_version_num')::int AS v, 2 + 3 AS five");
    await client.end();
    expect(rows[0].five).toBe(5);
    expect(rows[0].v).toBeGreaterThanOrEqual(150000);
  });

  it('serves a real Redis', async () => {
    const redis = new Redis(process.env.REDIS_URL);
    await redis.set('infra-test', 'yes', 'EX', 10);
    expect(await redis.get('infra-test')).toBe('yes');
    await redis.quit();
  });

  it('serves an S3 API that stores, reads back and lists objects, including multipart uploads', async () => {
    const url = new URL(process.env.S3_ENDPOINT);
    const s3 = new Minio.Client({
      endPoint: url.hostname, port: Number(url.port), useSSL: false,
      accessKey: process.env.S3_ACCESS_KEY, secretKey: process.env.S3_SECRET_KEY, region: 'us-east-1', partSize: 5 * 1024 * 1024,
    });
    const bucket = process.env.S3_BUCKET;
    expect(await s3.bucketExists(bucket)).toBe(true);
    const small = Buffer.from('hello brokerage');
    await s3.putObject(bucket, 'a/small.txt', small);
    const chunks = [];
    for await (const c of await s3.getObject(bucket, 'a/small.txt')) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('hello brokerage');

    const big = crypto.randomBytes(11 * 1024 * 1024);
    await s3.putObject(bucket, 'a/big.bin', big, big.length);
    const stat = await s3.statObject(bucket, 'a/big.bin');
    expect(stat.size).toBe(big.length);
  });

  it('rejects requests signed with the wrong secret', async () => {
    const url = new URL(process.env.S3_ENDPOINT);
    const s3 = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY, secretKey: 'wrong-secret', region: 'us-east-1' });
    await expect(s3.putObject(process.env.S3_BUCKET, 'x.txt', Buffer.from('x'))).rejects.toThrow();
  });
});
