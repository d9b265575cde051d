// s3rver's store removes a deleted object's directory when it is left empty (readdir, then rm): two deletes of
// sibling keys at once raced on it (one removed the directory the other then read: 500), as did a PUT into the
// directory a delete was removing. The documents service discards a refused request's files at once (all or
// nothing), so the embedded S3 answered 500 and left an object behind. Each must answer as S3 does, whatever runs beside it.
import * as Minio from 'minio';

const url = new URL(process.env.S3_ENDPOINT);
const bucket = process.env.S3_BUCKET;
const s3 = new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY,
  secretKey: process.env.S3_SECRET_KEY, region: process.env.S3_REGION ?? 'us-east-1', pathStyle: true });

async function keysUnder(prefix) {
  const keys = [];
  for await (const o of s3.listObjectsV2(bucket, prefix, true)) keys.push(o.name);
  return keys;
}

describe('embedded S3: concurrent deletes and puts in one folder', () => {
  it('20 rounds of 8 sibling objects deleted at once while 8 more are put there: every call succeeds, the puts stay', async () => {
    for (let round = 0; round < 20; round++) {
      const prefix = `concurrent-delete/${Date.now()}-${round}/`;
      const old = Array.from({ length: 8 }, (_, i) => `${prefix}old-${i}`);
      await Promise.all(old.map((k) => s3.putObject(bucket, k, Buffer.alloc(1000, 1))));
      const fresh = Array.from({ length: 8 }, (_, i) => `${prefix}new-${i}`);
      const results = await Promise.allSettled([
        ...old.map((k) => s3.removeObject(bucket, k)),
        ...fresh.map((k) => s3.putObject(bucket, k, Buffer.alloc(1000, 2))),
      ]);
      expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
      expect((await keysUnder(prefix)).sort()).toEqual(fresh.sort());
      await Promise.all(fresh.map((k) => s3.removeObject(bucket, k)));
      expect(await keysUnder(prefix)).toEqual([]);
    }
  });
});
