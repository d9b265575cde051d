// Issue 22 §2: the embedded S3 server answered "list multipart uploads" with an empty list whatever was there (and
// could neither list the parts of one nor abort it), so a test asserting "no unfinished upload is left" could not fail.
// It now answers from its store, as S3 does. Uploads are started and fed here through presigned URLs (the minio
// client's public calls start one only inside a streamed putObject).
import * as Minio from 'minio';

const url = new URL(process.env.S3_ENDPOINT);
const bucket = process.env.S3_BUCKET;
const s3 = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY,
  secretKey: process.env.S3_SECRET_KEY, region: process.env.S3_REGION ?? 'us-east-1', pathStyle: true });
const MB = 1024 * 1024;

/** Starts a multipart upload of `key` (POST ?uploads); answers its id. */
async function startUpload(key) {
  const res = await fetch(await s3.presignedUrl('POST', bucket, key, 60, { uploads: '' }), { method: 'POST' });
  expect(res.status).toBe(200);
  return /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())[1];
}

/** PUTs one part; answers the response. */
async function putPart(key, uploadId, partNumber, body) {
  return fetch(await s3.presignedUrl('PUT', bucket, key, 60, { uploadId, partNumber: String(partNumber) }), { method: 'PUT', body });
}

/** The unfinished uploads under a prefix, as the services' tests read them ({key, uploadId, size}). */
async function unfinished(prefix) {
  const out = [];
  for await (const u of s3.listIncompleteUploads(bucket, prefix, true)) out.push({ key: u.key, uploadId: u.uploadId, size: u.size });
  return out;
}

describe('embedded S3: multipart uploads are listed, their parts counted and aborted as S3 does', () => {
  const prefix = `multipart-test/${Date.now()}/`;

  it('an upload left unfinished is listed with the size of its parts; aborting it removes it', async () => {
    const key = `${prefix}left.bin`;
    expect(await unfinished(prefix)).toEqual([]);
    const uploadId = await startUpload(key);
    expect((await putPart(key, uploadId, 1, Buffer.alloc(5 * MB, 1))).status).toBe(200);
    expect((await putPart(key, uploadId, 2, Buffer.alloc(1000, 2))).status).toBe(200);
    expect(await unfinished(prefix)).toEqual([{ key, uploadId, size: 5 * MB + 1000 }]);
    expect(await unfinished('multipart-test/elsewhere/')).toEqual([]);

    await s3.removeIncompleteUpload(bucket, key);
    expect(await unfinished(prefix)).toEqual([]);
    // a part sent to the aborted upload is refused (s3rver alone would have started a new folder for it)
    const late = await putPart(key, uploadId, 3, Buffer.from('late'));
    expect(late.status).toBe(404);
    expect(await late.text()).toContain('<Code>NoSuchUpload</Code>');
    expect(await unfinished(prefix)).toEqual([]);
  });

  it('a completed upload is no longer listed; a streamed putObject of several parts still works', async () => {
    const body = Buffer.alloc(12 * MB, 7);
    const client = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY,
      secretKey: process.env.S3_SECRET_KEY, region: process.env.S3_REGION ?? 'us-east-1', pathStyle: true, partSize: 5 * MB });
    const { Readable } = await import('node:stream');
    await client.putObject(bucket, `${prefix}whole.bin`, Readable.from([body.subarray(0, 6 * MB), body.subarray(6 * MB)]));
    expect((await s3.statObject(bucket, `${prefix}whole.bin`)).size).toBe(12 * MB);
    expect(await unfinished(prefix)).toEqual([]);
    await s3.removeObject(bucket, `${prefix}whole.bin`);
  });

  it('several uploads: listed in key order, with common prefixes under a delimiter; a foreign upload id is NoSuchUpload', async () => {
    const keys = [`${prefix}b/two.bin`, `${prefix}a.bin`, `${prefix}b/one.bin`];
    const ids = [];
    for (const k of keys) ids.push(await startUpload(k));
    expect((await unfinished(prefix)).map((u) => u.key)).toEqual([`${prefix}a.bin`, `${prefix}b/one.bin`, `${prefix}b/two.bin`]);
    const shallow = [];
    for await (const u of s3.listIncompleteUploads(bucket, prefix, false)) shallow.push(u.key ?? u.prefix);
    expect(shallow).toEqual([`${prefix}b/`, `${prefix}a.bin`]);
    // the id of another key's upload does not abort it
    const wrong = await fetch(await s3.presignedUrl('DELETE', bucket, `${prefix}a.bin`, 60, { uploadId: ids[0] }), { method: 'DELETE' });
    expect(wrong.status).toBe(404);
    for (const k of keys) await s3.removeIncompleteUpload(bucket, k);
    expect(await unfinished(prefix)).toEqual([]);
  });

  it('listing unfinished uploads needs a signature like every other request', async () => {
    const res = await fetch(`${process.env.S3_ENDPOINT}/${bucket}?uploads`);
    expect(res.status).toBe(403);
  });
});
