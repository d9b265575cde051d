// Copy of an S3 bucket to a folder and back: every object, its content type and user metadata. Objects are stored
// by the SHA-256 of their bytes (objects/<sha256>), so a key of any shape is safe on disk and equal files are kept
// once; manifest entries map key → sha256, size, metadata.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';

/** A minio client for S3_ENDPOINT/S3_ACCESS_KEY/S3_SECRET_KEY/S3_REGION of `env`. */
export function s3Client(env) {
  const url = new URL(env.S3_ENDPOINT);
  return new Minio.Client({
    endPoint: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80), useSSL: url.protocol === 'https:',
    accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, region: env.S3_REGION || 'us-east-1', pathStyle: true,
  });
}

async function listAll(s3, bucket) {
  const objects = [];
  await new Promise((resolve, reject) => {
    const stream = s3.listObjectsV2(bucket, '', true);
    stream.on('data', (o) => { if (o.name) objects.push({ key: o.name, size: o.size, etag: String(o.etag || '').replace(/"/g, '') }); });
    stream.on('error', reject);
    stream.on('end', resolve);
  });
  return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Copies every object of `bucket` into dir/objects; returns the manifest entries.
 * @param {Minio.Client} s3 @param {string} bucket @param {string} dir @param {{ log?: (line: string) => void }} [opts] */
export async function dumpBucket(s3, bucket, dir, { log = () => {} } = {}) {
  const objDir = path.join(dir, 'objects');
  fs.mkdirSync(objDir, { recursive: true });
  const listed = await listAll(s3, bucket);
  const entries = [];
  let bytes = 0;
  for (const o of listed) {
    for (let attempt = 1; ; attempt++) {
      let stat;
      try { stat = await s3.statObject(bucket, o.key); } catch (err) {
        if (err.code === 'NotFound' || err.code === 'NoSuchKey') { log(`  ${o.key}: deleted while the backup ran, skipped`); break; }
        throw err;
      }
      const tmp = path.join(objDir, `.partial-${process.pid}`);
      const hash = crypto.createHash('sha256');
      const md5 = crypto.createHash('md5');
      const body = await s3.getObject(bucket, o.key);
      body.on('data', (c) => { hash.update(c); md5.update(c); });
      await pipeline(body, fs.createWriteStream(tmp));
      const sha256 = hash.digest('hex');
      const size = fs.statSync(tmp).size;
      // A single-part object's ETag is the MD5 of its bytes: a copy read while it was being written would differ.
      const etag = String(stat.etag || '').replace(/"/g, '');
      if ((/^[0-9a-f]{32}$/.test(etag) && etag !== md5.digest('hex')) || size !== stat.size) {
        fs.rmSync(tmp, { force: true });
        if (attempt >= 3) throw new Error(`${o.key}: read ${size} bytes that do not match its ETag/size after 3 tries`);
        continue;
      }
      const final = path.join(objDir, sha256);
      if (fs.existsSync(final)) fs.rmSync(tmp); else fs.renameSync(tmp, final);
      const meta = {};
      // content-type and the like, and user metadata (x-amz-meta-* without its prefix); not the server's x-amz-* headers
      for (const [k, v] of Object.entries(stat.metaData || {})) if (!/^x-amz-/i.test(k)) meta[k.toLowerCase()] = v;
      entries.push({ key: o.key, size, sha256, metadata: meta });
      bytes += size;
      break;
    }
  }
  log(`  ${entries.length} objects, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  return entries;
}

/** Puts every object of the manifest back into `bucket` (created if missing), checking each file's SHA-256 first.
 * @param {Minio.Client} s3 @param {string} bucket @param {string} dir @param {any[]} entries @param {{ log?: (line: string) => void }} [opts] */
export async function restoreBucket(s3, bucket, dir, entries, { log = () => {} } = {}) {
  if (!(await s3.bucketExists(bucket))) await s3.makeBucket(bucket);
  let bytes = 0;
  for (const e of entries) {
    const file = path.join(dir, 'objects', e.sha256);
    const got = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    if (got !== e.sha256) throw new Error(`objects/${e.sha256} (${e.key}) is damaged: its SHA-256 is ${got}`);
    await s3.fPutObject(bucket, e.key, file, e.metadata || {});
    bytes += e.size;
  }
  log(`  ${entries.length} objects, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  return { objects: entries.length, bytes };
}

/** Reads every object back from the bucket and compares its SHA-256 with the manifest. */
export async function verifyBucket(s3, bucket, entries) {
  const bad = [];
  for (const e of entries) {
    const hash = crypto.createHash('sha256');
    try {
      for await (const c of await s3.getObject(bucket, e.key)) hash.update(c);
      if (hash.digest('hex') !== e.sha256) bad.push(`${e.key}: different bytes`);
    } catch (err) { bad.push(`${e.key}: ${err.code || err.message}`); }
  }
  if (bad.length) throw new Error(`restored bucket differs from the backup:\n  ${bad.slice(0, 20).join('\n  ')}`);
  return { objects: entries.length };
}
