import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { Client } from 'minio';
import { DOCUMENT_MSG } from '@brokerage/contracts';
import { S3_PART_BYTES } from '../src/storage/s3-storage.service.js';
import { EXE, PNG, pdfFile } from './support/files.js';
import { LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';

const MAX = 3 * S3_PART_BYTES; // room for files of several S3 parts
const MAX_MB = Math.round(MAX / 1048576);
/** Random (incompressible) bytes that file-type calls a PDF. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), randomBytes(bytes - 16)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The bucket's unfinished multipart uploads under the listings' prefix (a refused file must leave none). */
async function incompleteUploads(): Promise<string[]> {
  const u = new URL(process.env.S3_ENDPOINT!);
  const s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY!,
    secretKey: process.env.S3_SECRET_KEY!, region: process.env.S3_REGION ?? 'us-east-1', pathStyle: true });
  const keys: string[] = [];
  for await (const up of s3.listIncompleteUploads(process.env.S3_BUCKET ?? 'brokerage', 'listings/', true)) keys.push((up as { key: string }).key);
  return keys;
}

describe('uploads in S3 parts: one PUT up to a part, multipart above, all or nothing', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ UPLOAD_MAX_FILE_BYTES: String(MAX) });
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const sellerUpload = () => ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller')).field('documentType', 'FINANCIAL_DOCUMENTS');
  const download = (id: string) => ctx.http.get(`/seller/download-document/${id}`).set(as('seller')).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });

  it('files of 2.5 parts, exactly one part and a few KB in one request are stored whole with their size and sha256', async () => {
    const files = { 'multi.pdf': pdfOf(2 * S3_PART_BYTES + 123_457), 'exact.pdf': pdfOf(S3_PART_BYTES), 'small.pdf': await pdfFile() };
    let req = sellerUpload();
    for (const [name, bytes] of Object.entries(files)) req = req.attach('file', bytes, name);
    const res = await req;
    expect(res.status).toBe(201);
    expect(res.body.documents).toHaveLength(3);
    for (const doc of res.body.documents as Array<{ id: string; fileName: keyof typeof files; fileSize: number; sha256: string }>) {
      const bytes = files[doc.fileName];
      expect(doc.fileSize).toBe(bytes.length);
      expect(doc.sha256).toBe(sha256(bytes));
      const dl = await download(doc.id);
      expect(dl.status).toBe(200);
      expect(sha256(dl.body as Buffer)).toBe(sha256(bytes));
    }
    expect(await objects(ctx)).toHaveLength(3);
    expect(await incompleteUploads()).toEqual([]);
  });

  it('a file over the limit after a multi-part file and a small one: 413 naming it, nothing stored, no parts left', async () => {
    const res = await sellerUpload()
      .attach('file', pdfOf(2 * S3_PART_BYTES + 5), 'first.pdf')
      .attach('file', PNG, 'second.png')
      .attach('file', pdfOf(MAX + 1), 'third.pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(DOCUMENT_MSG.tooLarge('third.pdf', MAX_MB));
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
    expect(await incompleteUploads()).toEqual([]);
  });

  it('disguised content after a multi-part file: 400 naming it, the stored file removed', async () => {
    const res = await sellerUpload().attach('file', pdfOf(S3_PART_BYTES + 1), 'ledger.pdf').attach('file', EXE, 'invoice.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DOCUMENT_MSG.contentMismatch('invoice.pdf'));
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
    expect(await incompleteUploads()).toEqual([]);
  });

  it('the same request after a refusal stores the files (part buffers reused cleanly)', async () => {
    const a = pdfOf(S3_PART_BYTES + 99);
    const b = pdfOf(1_000_000);
    const res = await sellerUpload().attach('file', a, 'a.pdf').attach('file', b, 'b.pdf');
    expect(res.status).toBe(201);
    const byName = new Map((res.body.documents as Array<{ fileName: string; sha256: string }>).map((d) => [d.fileName, d.sha256]));
    expect(byName.get('a.pdf')).toBe(sha256(a));
    expect(byName.get('b.pdf')).toBe(sha256(b));
  });

  it('a client that goes away in the middle of a multi-part file leaves no object and no unfinished upload', async () => {
    const b = 'ZBOUNDARY';
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nFINANCIAL_DOCUMENTS\r\n`),
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="small.pdf"\r\n\r\n`),
      pdfOf(1_000_000),
      Buffer.from(`\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`),
      pdfOf(2 * S3_PART_BYTES + 1000), // two full parts on their way, then the connection drops
    ]);
    const head = `POST /seller/listings/${LISTING}/documents HTTP/1.1\r\nHost: x\r\n${Object.entries(as('seller')).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n` +
      `Content-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${body.length + S3_PART_BYTES}\r\nConnection: close\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const s = net.connect(ctx.port, '127.0.0.1', () => {
        s.write(head);
        s.write(body, () => setTimeout(() => s.destroy(), 300));
      });
      s.on('close', () => resolve());
      s.on('error', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
    expect(await incompleteUploads()).toEqual([]);
  });
});
