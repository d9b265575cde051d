import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver');
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account.js');
const S3Error = require('@20minutes/s3rver/lib/models/error.js');

/**
 * s3rver verifies a signature when a request has one, but lets a request without any through as anonymous (it would
 * read, write and delete). Every request must be signed: an Authorization header, or a presigned URL's query (V4
 * `X-Amz-Algorithm` or V2 `Signature`); s3rver's own authentication then checks it against the configured keys
 * (wrong secret → SignatureDoesNotMatch, unknown key → InvalidAccessKeyId). Only CORS preflights need none.
 */
export function requireSignature(ctx, next) {
  const signed = 'authorization' in ctx.headers || 'X-Amz-Algorithm' in ctx.query || 'Signature' in ctx.query;
  if (!signed && ctx.method !== 'OPTIONS') throw new S3Error('AccessDenied', 'Access Denied');
  return next();
}

const EMPTY_MULTIPART_LIST = (bucket) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
  `<Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads>` +
  '<IsTruncated>false</IsTruncated></ListMultipartUploadsResult>';

/**
 * Starts an S3-compatible server (@20minutes/s3rver, V4 signatures verified) on 127.0.0.1:port, storing objects in dir.
 * Every request must be signed with accessKey/secretKey (anonymous → 403 AccessDenied, requireSignature). Loopback
 * only all the same; production uses MinIO with private buckets.
 */
export async function startS3({ port, dir, accessKey, secretKey, bucket }) {
  fs.mkdirSync(dir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);
  const server = new S3rver({
    port, address: '127.0.0.1', directory: dir, silent: true,
    configureBuckets: [{ name: bucket }], vhostBuckets: false,
  });
  // The minio client asks ListMultipartUploads before a multipart upload; s3rver answers NotImplemented.
  // Answer it with an empty list so large uploads work.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method === 'GET' && 'uploads' in ctx.query) {
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = EMPTY_MULTIPART_LIST(ctx.path.split('/')[1] || bucket);
      return;
    }
    return next();
  });
  server.middleware.unshift(requireSignature);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // kept-alive client sockets are cut too: stopped means unreachable at once (the chaos harness's S3 outage)
    stop: () => /** @type {Promise<void>} */ (new Promise((resolve) => {
      server.close(() => resolve());
      /** @type {{ httpServer?: import('node:http').Server }} */ (/** @type {unknown} */ (server)).httpServer?.closeAllConnections();
    })),
  };
}
