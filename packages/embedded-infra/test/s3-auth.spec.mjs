// Issue 18 §3: the embedded S3 server of `npm start` (and of the tests) answered anonymous writes and deletes. Every
// request must now carry a valid signature with the configured keys (header or presigned query); anonymous → 403.
import * as Minio from 'minio';

const url = new URL(process.env.S3_ENDPOINT);
const bucket = process.env.S3_BUCKET;
const client = (secretKey = process.env.S3_SECRET_KEY, accessKey = process.env.S3_ACCESS_KEY) =>
  new Minio.Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey, secretKey, region: 'us-east-1' });
const s3 = client();
const objectUrl = (key) => `${process.env.S3_ENDPOINT}/${bucket}/${key}`;
const read = async (key) => {
  const chunks = [];
  for await (const c of await s3.getObject(bucket, key)) chunks.push(c);
  return Buffer.concat(chunks).toString();
};
const exists = (key) => s3.statObject(bucket, key).then(() => true, () => false);

/** 403 with the S3 error code in its XML body. */
async function expectDenied(res, code = 'AccessDenied') {
  expect(res.status).toBe(403);
  expect(await res.text()).toContain(`<Code>${code}</Code>`);
}

describe('embedded S3: only requests signed with the configured keys', () => {
  const key = `auth-test/${Date.now()}.txt`;
  beforeEach(async () => {
    await s3.putObject(bucket, key, Buffer.from('original'));
  });

  it('an anonymous PUT is refused (403 AccessDenied) and stores nothing', async () => {
    await expectDenied(await fetch(objectUrl(key), { method: 'PUT', body: 'overwritten' }));
    await expectDenied(await fetch(objectUrl(`${key}.new`), { method: 'PUT', body: 'planted' }));
    expect(await read(key)).toBe('original');
    expect(await exists(`${key}.new`)).toBe(false);
  });

  it('an anonymous DELETE (one object, or a POST ?delete batch) is refused and the object stays', async () => {
    await expectDenied(await fetch(objectUrl(key), { method: 'DELETE' }));
    const batch = `<?xml version="1.0" encoding="UTF-8"?><Delete><Object><Key>${key}</Key></Object></Delete>`;
    await expectDenied(await fetch(`${process.env.S3_ENDPOINT}/${bucket}?delete`, { method: 'POST', body: batch, headers: { 'content-type': 'application/xml' } }));
    await expectDenied(await fetch(`${process.env.S3_ENDPOINT}/${bucket}`, { method: 'DELETE' }));
    expect(await read(key)).toBe('original');
  });

  it('anonymous reads and listings are refused too (nothing needs them: services read through signed clients)', async () => {
    await expectDenied(await fetch(objectUrl(key)));
    await expectDenied(await fetch(`${process.env.S3_ENDPOINT}/${bucket}?list-type=2`));
    await expectDenied(await fetch(`${process.env.S3_ENDPOINT}/${bucket}?uploads`));
    await expectDenied(await fetch(`${process.env.S3_ENDPOINT}/`));
  });

  it('a wrong secret or an unknown access key is refused for writes and deletes', async () => {
    await expect(client('wrong-secret').putObject(bucket, key, Buffer.from('forged'))).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(client('wrong-secret').removeObject(bucket, key)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(client(process.env.S3_SECRET_KEY, 'NOBODY').putObject(bucket, key, Buffer.from('forged'))).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
    expect(await read(key)).toBe('original');
  });

  it('signed requests work as before: put, multipart, list, delete; a presigned GET works, a tampered one does not', async () => {
    await s3.putObject(bucket, key, Buffer.from('updated'));
    expect(await read(key)).toBe('updated');
    const listed = [];
    for await (const o of s3.listObjectsV2(bucket, 'auth-test/', true)) listed.push(o.name);
    expect(listed).toContain(key);
    const presigned = await s3.presignedGetObject(bucket, key, 60);
    const ok = await fetch(presigned);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('updated');
    const tampered = presigned.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`);
    await expectDenied(await fetch(tampered), 'SignatureDoesNotMatch');
    await s3.removeObject(bucket, key);
    expect(await exists(key)).toBe(false);
  });
});
