import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { jest } from '@jest/globals';
import { S3Client } from '@aws-sdk/client-s3';
import { ServiceUnavailableException } from '@nestjs/common';
import { loadConfig, type ServiceConfig } from '../src/config/service-config.js';
import { S3Bucket, S3_PART_BYTES } from '../src/storage/s3-bucket.js';
import { sdkTransport } from '../src/storage/sdk-transport.js';
import { UploadLane } from '../src/uploads/object-upload.js';

class TestBucket extends S3Bucket {
  constructor(config: ServiceConfig) {
    super(config, { loggerName: 'TestBucket', unavailable: 'test storage' });
  }
  stat(key: string) {
    return this.s3.statObject(this.bucket, key);
  }
  unfinished(prefix: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const keys: string[] = [];
      this.s3
        .listIncompleteUploads(this.bucket, prefix, true)
        .on('data', (u: { key: string }) => keys.push(u.key))
        .on('error', reject)
        .on('end', () => resolve(keys));
    });
  }
}

const readAll = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Writes the body through openUpload in 1 MiB chunks, as receiveUpload does. */
async function upload(bucket: S3Bucket, key: string, body: Buffer, digest = sha256(body)): Promise<void> {
  const w = bucket.openUpload(key, { 'Content-Type': 'application/pdf', 'X-Amz-Meta-Original-Name': 'a%20b.pdf' }, new UploadLane());
  for (let off = 0; off < body.length; off += 1024 * 1024) await w.write(body.subarray(off, off + 1024 * 1024));
  const { done } = await w.finish(digest);
  await done;
}

/** The AWS SDK's Node-version notice is not printed at a service's start (Node 20 here, a pinned SDK version). */
describe('S3 upload transport: the AWS SDK client emits no NodeVersionSupportWarning at start', () => {
  it('making the SDK client emits no warning on this Node version', () => {
    delete process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const config = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_REGION: 'us-east-1' } as ServiceConfig;
      expect(sdkTransport(config)).not.toBeNull();
      expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('NodeVersionSupportWarning'));
    } finally {
      warn.mockRestore();
    }
  });
});

/** The real S3 server the harness started. S3Bucket's streamed uploads have one transport: the SDK's public commands. */
describe('S3Bucket.openUpload through the AWS SDK', () => {
  const config = (): ServiceConfig => ({ ...loadConfig(), S3_BUCKET: `test-${randomUUID().slice(0, 8)}` });
  let sent: string[];
  let inputs: Record<string, unknown>[];
  let spy: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    sent = [];
    inputs = [];
    const send = S3Client.prototype.send;
    spy = jest.spyOn(S3Client.prototype, 'send').mockImplementation(function (this: S3Client, command: { constructor: { name: string }; input: Record<string, unknown> }) {
      sent.push(command.constructor.name);
      inputs.push(command.input);
      return (send as (c: unknown) => Promise<unknown>).call(this, command);
    } as never);
  });
  afterEach(() => spy.mockRestore());

  it('without S3 settings openUpload answers 503 at once, before any byte', () => {
    const bucket = new TestBucket({ ...loadConfig(), S3_ENDPOINT: undefined });
    const err = (() => {
      try {
        bucket.openUpload('k', {}, new UploadLane());
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ServiceUnavailableException);
    expect((err as ServiceUnavailableException).getStatus()).toBe(503);
    expect(sent).toEqual([]);
  });

  it('a file up to S3_PART_BYTES goes up in one PutObject with its type and metadata', async () => {
    const bucket = new TestBucket(config());
    const body = Buffer.from(`small ${randomUUID()}`.repeat(1000));
    await upload(bucket, 'a/small.pdf', body);
    expect(sent).toEqual(['PutObjectCommand']);
    expect((await readAll(await bucket.get('a/small.pdf'))).equals(body)).toBe(true);
    const stat = await bucket.stat('a/small.pdf');
    expect(stat.metaData).toMatchObject({ 'content-type': 'application/pdf', 'original-name': 'a%20b.pdf' });
  });

  it('a larger file goes up in parts of S3_PART_BYTES (multipart), the same bytes back', async () => {
    const bucket = new TestBucket(config());
    const body = Buffer.alloc(S3_PART_BYTES + 3 * 1024 * 1024, 7);
    body.write(randomUUID(), S3_PART_BYTES + 5);
    await upload(bucket, 'a/large.pdf', body);
    expect(sent).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    expect((await readAll(await bucket.get('a/large.pdf'))).equals(body)).toBe(true);
  });

  it('the whole PUT carries the sha256 the writer computed (x-amz-checksum-sha256), not one of its own', async () => {
    const bucket = new TestBucket(config());
    const body = Buffer.from(`checked ${randomUUID()}`);
    const given = sha256(Buffer.from('the digest the caller computed'));
    await upload(bucket, 'a/digest.pdf', body, given);
    expect(inputs[0]).toMatchObject({ ChecksumSHA256: Buffer.from(given, 'hex').toString('base64'), ContentLength: body.length });
  });

  it('discard removes an unfinished multipart upload and the object', async () => {
    const bucket = new TestBucket(config());
    const w = bucket.openUpload('a/cut.pdf', { 'Content-Type': 'application/pdf' }, new UploadLane());
    await w.write(Buffer.alloc(S3_PART_BYTES + 1, 1)); // the first part is on its way
    await w.abort();
    expect(sent).toContain('CreateMultipartUploadCommand');
    await bucket.discard('a/cut.pdf');
    expect(await bucket.unfinished('a/')).toEqual([]);
    await upload(bucket, 'a/done.pdf', Buffer.from('x'));
    await bucket.discard('a/done.pdf');
    await expect(bucket.stat('a/done.pdf')).rejects.toMatchObject({ code: expect.stringMatching(/NotFound|NoSuchKey/) });
  });
});
