import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { quietSdkNodeVersionNotice } from '../config/aws-sdk-notice.js';
import type { ServiceConfig } from '../config/service-config.js';
import type { ObjectTransport } from '../uploads/object-upload.js';

const META_PREFIX = 'x-amz-meta-';

/** The object's Content-Type and x-amz-meta-* (names without the prefix) from the writer's request headers. */
function objectHeaders(headers: Record<string, string>): { ContentType: string; Metadata: Record<string, string> } {
  const Metadata: Record<string, string> = {};
  let ContentType = 'application/octet-stream';
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') ContentType = value;
    else if (lower.startsWith(META_PREFIX)) Metadata[lower.slice(META_PREFIX.length)] = value;
  }
  return { ContentType, Metadata };
}

/**
 * S3Bucket's upload transport (the requests of ObjectUpload: pooled part buffers, one PUT up to a part, else
 * multipart) through the AWS SDK v3's public commands, from S3_ENDPOINT / S3_ACCESS_KEY / S3_SECRET_KEY / S3_REGION
 * (path-style); null without them. Checksums only where S3 requires them (`WHEN_REQUIRED`): the SDK's default adds a
 * CRC32 of every byte (on Node 20 in JavaScript) to the payload's sha256 of the signature. A whole object's PUT carries
 * the content's sha256 that receiveUpload computed anyway, as x-amz-checksum-sha256 (S3 checks it) and as the signed
 * payload hash, so its bytes are not hashed again; a part is signed with its own sha256 by the SDK.
 * lib-storage's `Upload` was measured too and not kept: fed as a stream it copies each part into a fresh buffer
 * (Buffer.concat), and their garbage collection made the writer alone cost 0.98 s CPU per 95 MB of 2.5–7.5 MB files,
 * against 0.25–0.39 s for these commands over the pooled buffers (and 0.28–0.36 s with minio's request calls).
 */
export function sdkTransport(config: ServiceConfig): ObjectTransport | null {
  if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY || !config.S3_SECRET_KEY) return null;
  quietSdkNodeVersionNotice();
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials: { accessKeyId: config.S3_ACCESS_KEY, secretAccessKey: config.S3_SECRET_KEY },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const sha = (args.input as { ChecksumSHA256?: string }).ChecksumSHA256;
      const request = args.request as { headers?: Record<string, string> };
      // the signer takes a present x-amz-content-sha256 as the payload's hash instead of hashing the body
      if (context.commandName === 'PutObjectCommand' && sha && request.headers) {
        request.headers['x-amz-content-sha256'] = Buffer.from(sha, 'base64').toString('hex');
      }
      return next(args);
    },
    { step: 'build', name: 'precomputedPayloadSha256' },
  );
  const Bucket = config.S3_BUCKET;
  return {
    async putObject(Key, headers, body, sha256) {
      const ChecksumSHA256 = Buffer.from(sha256, 'hex').toString('base64');
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length, ChecksumSHA256, ...objectHeaders(headers) }));
    },
    async createMultipartUpload(Key, headers) {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ...objectHeaders(headers) }));
      if (!UploadId) throw new Error('S3 answered no UploadId');
      return UploadId;
    },
    async uploadPart(Key, UploadId, PartNumber, body) {
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body, ContentLength: body.length }));
      if (!ETag) throw new Error(`S3 answered no ETag for part ${PartNumber}`);
      return ETag;
    },
    async completeMultipartUpload(Key, UploadId, parts) {
      const Parts = parts.map((p) => ({ PartNumber: p.part, ETag: p.etag }));
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
    },
  };
}
