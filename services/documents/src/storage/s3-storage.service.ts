import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { S3Bucket, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { ObjectUpload, type UploadLane } from './object-upload.js';

/**
 * Part size of streamed uploads: a file up to this size goes up in one PUT (most documents do; a multipart upload
 * costs three requests and the server's assembly), a larger one in parts of this size. One upload request holds at
 * most two of them in memory: the part being filled and the one on its way to S3 (S3's smallest part is 5 MiB).
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The documents bucket on the S3 API (MinIO or the embedded server); client, 503 and ensureBucket from S3Bucket. */
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
      const code = (err as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return null;
      throw err;
    }
  }

  /**
   * An object of unknown length written chunk by chunk (one PUT up to S3_PART_BYTES, else multipart in parts of that
   * size); `headers` are its Content-Type and X-Amz-Meta-* headers; the lane bounds the requests of one upload.
   */
  openUpload(key: string, headers: Record<string, string>, lane: UploadLane): ObjectUpload {
    const s3 = this.s3; // 503 at once when S3 is not configured
    const ready = this.ensureBucket();
    ready.catch(() => undefined); // awaited by the first request; a file refused before it must not leave it unhandled
    return new ObjectUpload({ s3, bucket: this.bucket, ready, key, headers, partBytes: S3_PART_BYTES, lane });
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
