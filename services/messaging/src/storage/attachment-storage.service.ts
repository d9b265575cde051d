import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** Message attachments in the S3 bucket (MinIO or the embedded server), under messages/{messageId}/{attachmentId}. */
@Injectable()
export class AttachmentStorageService {
  private readonly logger = new Logger('AttachmentStorage');
  private readonly client: Client | null;
  private readonly bucket: string;
  private bucketReady: Promise<void> | null = null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {
    this.bucket = config.S3_BUCKET;
    if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) {
      this.client = null;
      this.logger.warn('S3_ENDPOINT / S3_ACCESS_KEY / S3_SECRET_KEY not set: attachments unavailable');
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
    });
  }

  private get s3(): Client {
    if (!this.client) throw new ServiceUnavailableException('File storage is not configured.');
    return this.client;
  }

  private ensureBucket(): Promise<void> {
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

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.s3.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  get(key: string): Promise<Readable> {
    return this.s3.getObject(this.bucket, key);
  }

  async remove(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.s3.removeObjects(this.bucket, keys);
  }
}
