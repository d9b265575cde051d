import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/**
 * Part size of streamed uploads: a file up to this size goes up in one PUT (most documents do; a multipart upload
 * costs three requests and the server's assembly), a larger one in parts of this size. It is also what one upload
 * holds in memory at most (S3's smallest part is 5 MiB).
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The documents bucket on the S3 API (MinIO or the embedded server). */
@Injectable()
export class S3StorageService {
  private readonly logger = new Logger('S3Storage');
  private readonly client: Client | null;
  readonly bucket: string;
  private bucketReady: Promise<void> | null = null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {
    this.bucket = config.S3_BUCKET;
    if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) {
      this.client = null;
      this.logger.warn('S3_ENDPOINT / S3_ACCESS_KEY / S3_SECRET_KEY not set: file storage unavailable');
      return;
    }
    const u = new URL(config.S3_ENDPOINT);
    this.client = new Client({
      endPoint: u.hostname,
      port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
      useSSL: u.protocol === 'https:',
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
      // Streams of unknown length go up as multipart in parts of this size: the most an upload holds in memory.
      partSize: S3_PART_BYTES,
    });
  }

  private get s3(): Client {
    if (!this.client) throw new ServiceUnavailableException('File storage is not configured.');
    return this.client;
  }

  /** Creates the bucket when missing (once per process). */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.s3.bucketExists(this.bucket))) {
        try {
          await this.s3.makeBucket(this.bucket, this.config.S3_REGION);
        } catch (err) {
          if (!(await this.s3.bucketExists(this.bucket))) throw err;
        }
      }
    })().catch((err) => {
      this.bucketReady = null;
      throw err;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.s3.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /** Size of the object, or null when it does not exist. */
  async size(key: string): Promise<number | null> {
    try {
      const stat = await this.s3.statObject(this.bucket, key);
      return stat.size;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return null;
      throw err;
    }
  }

  get(key: string): Promise<Readable> {
    return this.s3.getObject(this.bucket, key);
  }

  /** Streams a body of unknown length to the object (multipart in S3_PART_BYTES parts). */
  async putStream(key: string, body: Readable, metadata: Record<string, string>): Promise<void> {
    await this.ensureBucket();
    await this.s3.putObject(this.bucket, key, body, undefined, metadata);
  }

  /** Bytes [offset, offset + length) of the object. */
  getRange(key: string, offset: number, length: number): Promise<Readable> {
    return this.s3.getPartialObject(this.bucket, key, offset, length);
  }

  /** Removes the object and any unfinished multipart upload under the key (both are no-ops when absent). */
  async remove(key: string): Promise<void> {
    await this.s3.removeIncompleteUpload(this.bucket, key).catch(() => undefined);
    await this.s3.removeObject(this.bucket, key);
  }

  /** Every object key under a prefix (tests check for orphans with it). */
  async list(prefix = ''): Promise<string[]> {
    await this.ensureBucket();
    const keys: string[] = [];
    for await (const o of this.s3.listObjectsV2(this.bucket, prefix, true)) if (o.name) keys.push(o.name as string);
    return keys;
  }
}
