import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

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
}
