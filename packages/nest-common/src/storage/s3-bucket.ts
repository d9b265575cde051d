import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import type { ServiceConfig } from '../config/service-config.js';
import { ObjectUpload, PartBufferPool, type ObjectTransport, type UploadLane } from '../uploads/object-upload.js';
import { lifecycle } from '../lifecycle/lifecycle.js';
import { sdkTransport } from './sdk-transport.js';

/**
 * Part size of streamed uploads: a file up to this size goes up in one PUT (most documents do; a multipart upload
 * costs three requests and the server's assembly), a larger one in parts of this size. One upload request holds at
 * most two of them in memory: the part being filled and the one on its way to S3 (S3's smallest part is 5 MiB).
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

const notConfigured = () => new ServiceUnavailableException('File storage is not configured.');

export interface S3BucketOptions {
  /** Logger context of the service's storage (e.g. 'S3Storage'). */
  loggerName: string;
  /** What the "not set" warning says is unavailable without S3 (e.g. 'file storage'). */
  unavailable: string;
  /**
   * At most this many part buffers (S3_PART_BYTES each) at once for all the uploads of the process (they then wait
   * for one); unbounded when absent (each upload request still holds at most two).
   */
  maxPartBuffers?: number;
}

/**
 * The service's bucket (S3_BUCKET) on the S3 API (MinIO or the embedded server), from S3_ENDPOINT / S3_ACCESS_KEY /
 * S3_SECRET_KEY / S3_REGION. Without them the service starts, logs a warning, and every call answers 503 "File storage
 * is not configured.". Each service extends it as its injectable storage with the calls it needs.
 */
export abstract class S3Bucket {
  protected readonly logger: Logger;
  private readonly client: Client | null;
  /** openUpload's requests (AWS SDK public commands); null when S3 is not configured. */
  private readonly transport: ObjectTransport | null;
  readonly bucket: string;
  private bucketReady: Promise<void> | null = null;
  /** The part buffers of this bucket's streamed uploads (openUpload). */
  readonly partBuffers: PartBufferPool;

  protected constructor(
    protected readonly config: ServiceConfig,
    opts: S3BucketOptions,
  ) {
    this.logger = new Logger(opts.loggerName);
    this.bucket = config.S3_BUCKET;
    this.partBuffers = new PartBufferPool(S3_PART_BYTES, opts.maxPartBuffers);
    if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) {
      this.client = null;
      this.transport = null;
      this.logger.warn(`S3_ENDPOINT / S3_ACCESS_KEY / S3_SECRET_KEY not set: ${opts.unavailable} unavailable`);
      return;
    }
    const u = new URL(config.S3_ENDPOINT);
    lifecycle.s3Endpoints.add(`${u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`); // readiness checks it
    this.client = new Client({
      endPoint: u.hostname,
      port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
      useSSL: u.protocol === 'https:',
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
    this.transport = sdkTransport(config);
  }

  /**
   * The minio client for the calls through its public API (bucket, put, get, stat, ranges, listings, removals); uploads
   * of unknown length go through the AWS SDK (openUpload). 503 when S3 is not configured.
   */
  protected get s3(): Client {
    if (!this.client) throw notConfigured();
    return this.client;
  }

  /**
   * Creates the bucket when missing (once per process). Race-safe: when another process creates it first, makeBucket
   * fails and the bucket exists, which is fine. A failure is not cached: the next call tries again.
   */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (await this.s3.bucketExists(this.bucket)) return;
      try {
        await this.s3.makeBucket(this.bucket, this.config.S3_REGION);
      } catch (err) {
        if (!(await this.s3.bucketExists(this.bucket))) throw err;
      }
    })().catch((err) => {
      this.bucketReady = null;
      throw err;
    });
    return this.bucketReady;
  }

  /** Stores a whole body under the key with its content type. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.s3.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  get(key: string): Promise<Readable> {
    return this.s3.getObject(this.bucket, key);
  }

  /**
   * An object of unknown length written chunk by chunk (one PUT up to S3_PART_BYTES, else multipart in parts of that
   * size); `headers` are its Content-Type and X-Amz-Meta-* headers; the lane bounds the requests of one upload. Its
   * requests go through the AWS SDK's public commands (sdk-transport.ts), the whole object's PUT signed with the sha256
   * the writer computed; 503 at once when S3 is not configured.
   */
  openUpload(key: string, headers: Record<string, string>, lane: UploadLane): ObjectUpload {
    const transport = this.transport;
    if (!transport) throw notConfigured(); // at once, before any byte is read
    const ready = this.ensureBucket();
    ready.catch(() => undefined); // awaited by the first request; a file refused before it must not leave it unhandled
    return new ObjectUpload({ transport, ready, key, headers, pool: this.partBuffers, lane });
  }

  /** Removes the object and any unfinished multipart upload under the key (both are no-ops when absent). */
  async discard(key: string): Promise<void> {
    await this.s3.removeIncompleteUpload(this.bucket, key).catch(() => undefined);
    await this.s3.removeObject(this.bucket, key);
  }
}
