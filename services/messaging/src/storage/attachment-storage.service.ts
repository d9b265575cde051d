import { Inject, Injectable } from '@nestjs/common';
import { S3Bucket, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/**
 * Message attachments in the S3 bucket (MinIO or the embedded server), under messages/{messageId}/{attachmentId}.
 * Client, 503, ensureBucket, put and get from S3Bucket.
 */
@Injectable()
export class AttachmentStorageService extends S3Bucket {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, { loggerName: 'AttachmentStorage', unavailable: 'attachments' });
  }

  async remove(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.s3.removeObjects(this.bucket, keys);
  }
}
