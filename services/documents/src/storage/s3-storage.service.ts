import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { S3Bucket, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** Part size of streamed uploads (nest-common's uploads). */
export { S3_PART_BYTES } from '@brokerage/nest-common';

/**
 * The documents bucket on the S3 API (MinIO or the embedded server); client, 503, ensureBucket, discard and the
 * streamed uploads' writer (openUpload, through the AWS SDK's public commands) from S3Bucket.
 */
const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound'].includes((err as { code?: string }).code ?? '');

@Injectable()
export class S3StorageService extends S3Bucket {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, { loggerName: 'S3Storage', unavailable: 'file storage' });
  }

  /** Size of the object, or null when it does not exist. */
  async size(key: string): Promise<number | null> {
    try {
      const stat = await this.s3.statObject(this.bucket, key);
      return stat.size;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The object's bytes, or null when it does not exist (one GET: what the viewer and the pdf worker read whole). */
  async read(key: string): Promise<Buffer | null> {
    try {
      const chunks: Buffer[] = [];
      for await (const c of await this.get(key)) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Bytes [offset, offset + length) of the object. */
  getRange(key: string, offset: number, length: number): Promise<Readable> {
    return this.s3.getPartialObject(this.bucket, key, offset, length);
  }

  /** Removes the object and any unfinished multipart upload under the key (both are no-ops when absent). */
  remove(key: string): Promise<void> {
    return this.discard(key);
  }

  /** Every object key under a prefix (tests check for orphans with it). */
  async list(prefix = ''): Promise<string[]> {
    await this.ensureBucket();
    const keys: string[] = [];
    for await (const o of this.s3.listObjectsV2(this.bucket, prefix, true)) if (o.name) keys.push(o.name as string);
    return keys;
  }
}
