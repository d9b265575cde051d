import fs from 'node:fs';
import path from 'node:path';
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

const authenticate = require('@20minutes/s3rver/lib/middleware/authentication.js')();

const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The multipart calls s3rver lacks, answered from its own store (`<bucket>/._S3rver_uploads/<uploadId>/` holds `key`,
 * `metadata` and one file per part until the upload completes): ListMultipartUploads (`GET /bucket?uploads`, with
 * prefix, delimiter, key-marker and max-uploads), ListParts (`GET /bucket/key?uploadId=`) and AbortMultipartUpload
 * (`DELETE /bucket/key?uploadId=`); an UploadPart or CompleteMultipartUpload naming an upload that is not there (never
 * started, completed or aborted) → 404 NoSuchUpload, as S3 answers, where s3rver would start a new folder for it.
 * Each request is authenticated first (s3rver's own signature check). Placed just before s3rver's router.
 */
export function multipartRoutes(store) {
  const uploadsDir = (bucket) => store.getResourcePath(bucket, undefined, 'uploads');
  /** The upload's key and start, or null when there is no such upload. */
  const uploadOf = async (bucket, uploadId) => {
    if (!UPLOAD_ID.test(uploadId ?? '')) return null;
    const file = path.join(uploadsDir(bucket), uploadId, 'key');
    try {
      const [key, stat] = await Promise.all([fs.promises.readFile(file, 'utf8'), fs.promises.stat(file)]);
      return { uploadId, key, initiated: stat.mtime };
    } catch (err) {
      if (err.code === 'ENOENT') return null;
      throw err;
    }
  };
  const mustExist = async (bucket, key, uploadId) => {
    const up = await uploadOf(bucket, uploadId);
    if (!up || up.key !== key) throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
    return up;
  };

  const listUploads = async (ctx, bucket) => {
    const { prefix = '', delimiter = '', 'key-marker': keyMarker = '', 'upload-id-marker': idMarker = '' } = ctx.query;
    const max = Math.min(1000, Math.max(0, Number(ctx.query['max-uploads'] ?? 1000) || 0));
    const ids = await fs.promises.readdir(uploadsDir(bucket)).catch((err) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
    const all = (await Promise.all(ids.map((id) => uploadOf(bucket, id))))
      .filter((u) => u && u.key.startsWith(prefix))
      .filter((u) => u.key > keyMarker || (u.key === keyMarker && idMarker && u.uploadId > idMarker))
      .sort((a, b) => (a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1));
    const uploads = [];
    const prefixes = new Set();
    let truncated = false;
    for (const u of all) {
      const cut = delimiter ? u.key.indexOf(delimiter, prefix.length) : -1;
      const common = cut >= 0 ? u.key.slice(0, cut + delimiter.length) : null;
      if (common && prefixes.has(common)) continue;
      if (uploads.length + prefixes.size >= max) { truncated = true; break; }
      if (common) prefixes.add(common); else uploads.push(u);
    }
    const last = uploads.at(-1);
    ctx.body = {
      ListMultipartUploadsResult: {
        '@': { xmlns: S3_XMLNS },
        Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: idMarker,
        ...(truncated && last ? { NextKeyMarker: last.key, NextUploadIdMarker: last.uploadId } : {}),
        Prefix: prefix, ...(delimiter ? { Delimiter: delimiter } : {}), MaxUploads: max, IsTruncated: truncated,
        ...(uploads.length ? { Upload: uploads.map((u) => ({ Key: u.key, UploadId: u.uploadId, StorageClass: 'STANDARD', Initiated: u.initiated.toISOString() })) } : {}),
        ...(prefixes.size ? { CommonPrefixes: [...prefixes].map((p) => ({ Prefix: p })) } : {}),
      },
    };
  };

  const listParts = async (ctx, bucket, key) => {
    const up = await mustExist(bucket, key, ctx.query.uploadId);
    const dir = path.join(uploadsDir(bucket), up.uploadId);
    const numbers = (await fs.promises.readdir(dir)).filter((f) => /^\d+$/.test(f)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(numbers.map(async (n) => {
      const [stat, md5] = await Promise.all([fs.promises.stat(path.join(dir, String(n))), fs.promises.readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '')]);
      return { PartNumber: n, LastModified: stat.mtime.toISOString(), ETag: `"${md5}"`, Size: stat.size };
    }));
    ctx.body = {
      ListPartsResult: {
        '@': { xmlns: S3_XMLNS },
        Bucket: bucket, Key: key, UploadId: up.uploadId, StorageClass: 'STANDARD', PartNumberMarker: 0, MaxParts: 10000, IsTruncated: false,
        ...(parts.length ? { NextPartNumberMarker: parts.at(-1).PartNumber, Part: parts } : {}),
      },
    };
  };

  const abort = async (ctx, bucket, key) => {
    const up = await mustExist(bucket, key, ctx.query.uploadId);
    await fs.promises.rm(path.join(uploadsDir(bucket), up.uploadId), { recursive: true, force: true });
    ctx.status = 204;
  };

  return async function multipart(ctx, next) {
    const m = /^\/([^/]+)(?:\/(.+))?$/.exec(ctx.path);
    if (!m) return next();
    const bucket = decodeURIComponent(m[1]);
    const key = m[2] === undefined ? undefined : decodeURIComponent(m[2]);
    const hasId = 'uploadId' in ctx.query;
    let handle = null;
    if (key === undefined && ctx.method === 'GET' && 'uploads' in ctx.query) handle = () => listUploads(ctx, bucket);
    else if (key !== undefined && hasId && ctx.method === 'GET') handle = () => listParts(ctx, bucket, key);
    else if (key !== undefined && hasId && ctx.method === 'DELETE') handle = () => abort(ctx, bucket, key);
    else if (key !== undefined && hasId && (ctx.method === 'PUT' || ctx.method === 'POST')) {
      handle = async () => { await mustExist(bucket, key, ctx.query.uploadId); return next(); };
    }
    if (!handle) return next();
    ctx.params = { ...ctx.params, bucket, key };
    return authenticate(ctx, async () => {
      if (!(await store.getBucket(bucket))) throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
      return handle();
    });
  };
}

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
  // s3rver's store removes a deleted object's folder when it looks empty (readdir, then a recursive rm): beside a delete
  // of a sibling that answered 500 (the object stayed), beside a PUT into the folder it removed the new object with it.
  // Folders stay here: every listing reads object files only, so an empty folder shows nowhere
  // (test/s3-concurrent-delete.spec.mjs).
  const store = server.store;
  store.deleteObject = async (b, key) => {
    await Promise.all(['object', 'object.md5', 'metadata.json'].map((resource) =>
      fs.promises.unlink(store.getResourcePath(b, key, resource)).catch((err) => {
        if (err.code !== 'ENOENT') throw err;
      })));
  };
  // the multipart calls s3rver lacks, just before its router (after its XML encoder and mount interop)
  server.middleware.splice(server.middleware.length - 1, 0, multipartRoutes(server.store));
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
