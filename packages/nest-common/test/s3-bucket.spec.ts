import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ServiceUnavailableException } from '@nestjs/common';
import { loadConfig, type ServiceConfig } from '../src/config/service-config.js';
import { S3Bucket } from '../src/storage/s3-bucket.js';

/** A service's storage as the services write one; `minio` exposes the client to check how it was built. */
class TestBucket extends S3Bucket {
  constructor(config: ServiceConfig) {
    super(config, { loggerName: 'TestBucket', unavailable: 'test storage' });
  }
  get minio() {
    return this.s3;
  }
  exists(): Promise<boolean> {
    return this.s3.bucketExists(this.bucket);
  }
}

const readAll = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The real S3 server the harness started (S3_ENDPOINT and keys in the environment). */
describe('S3Bucket', () => {
  const withBucket = (bucket: string): ServiceConfig => ({ ...loadConfig(), S3_BUCKET: bucket });

  it('without S3_ENDPOINT / keys every call answers 503 "File storage is not configured."', async () => {
    const bucket = new TestBucket({ ...loadConfig(), S3_ENDPOINT: undefined });
    const err = await bucket.ensureBucket().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableException);
    expect((err as ServiceUnavailableException).getStatus()).toBe(503);
    await expect(bucket.put('k', Buffer.from('x'), 'text/plain')).rejects.toThrow('File storage is not configured.');
    expect(() => bucket.get('k')).toThrow('File storage is not configured.');
  });

  it('two processes creating the same missing bucket at once both succeed; each creates it once', async () => {
    const name = `test-${randomUUID().slice(0, 8)}`;
    const a = new TestBucket(withBucket(name));
    const b = new TestBucket(withBucket(name));
    expect(await a.exists()).toBe(false);
    await Promise.all([a.ensureBucket(), b.ensureBucket()]);
    expect(await a.exists()).toBe(true);
    expect(a.ensureBucket()).toBe(a.ensureBucket());
  });

  it('put then get gives the same bytes back, into a bucket it created', async () => {
    const bucket = new TestBucket(withBucket(`test-${randomUUID().slice(0, 8)}`));
    const body = Buffer.from(`hello ${randomUUID()}`);
    await bucket.put('a/b.txt', body, 'text/plain');
    expect((await readAll(await bucket.get('a/b.txt'))).equals(body)).toBe(true);
  });

  it('a failed creation is not kept: the next call tries again', async () => {
    const bucket = new TestBucket({ ...withBucket('test-unreachable'), S3_ENDPOINT: 'http://127.0.0.1:1' });
    const first = bucket.ensureBucket();
    await expect(first).rejects.toThrow();
    const second = bucket.ensureBucket();
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow();
  });

  it('takes the endpoint apart (path style, port, TLS)', () => {
    const plain = new TestBucket({ ...withBucket('x-bucket'), S3_ENDPOINT: 'http://s3.example.test:9000' }).minio as unknown as Record<string, unknown>;
    expect(plain).toMatchObject({ host: 's3.example.test', port: 9000, protocol: 'http:', pathStyle: true });
    const tls = new TestBucket({ ...withBucket('x-bucket'), S3_ENDPOINT: 'https://s3.example.test' }).minio as unknown as Record<string, unknown>;
    expect(tls).toMatchObject({ host: 's3.example.test', port: 443, protocol: 'https:', pathStyle: true });
  });
});
