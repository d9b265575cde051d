import { Inject, Injectable } from '@nestjs/common';
import { S3Bucket, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/**
 * Part buffers (8 MiB each) all the sends of the process share: at most 32 MiB of attachments in memory however many
 * messages arrive at once (a send waits for a buffer another one gives back).
 */
export const ATTACHMENT_PART_BUFFERS = 4;

/**
 * Message attachments in the S3 bucket (MinIO or the embedded server), under messages/{messageId}/{attachmentId}.
 * Client, 503, ensureBucket, get and the streamed uploads' writer (openUpload, discard) from S3Bucket.
 */
@Injectable()
export class AttachmentStorageService extends S3Bucket {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config, { loggerName: 'AttachmentStorage', unavailable: 'attachments', maxPartBuffers: ATTACHMENT_PART_BUFFERS });
  }

  async remove(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.s3.removeObjects(this.bucket, keys);
  }
}
