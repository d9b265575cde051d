import { createHash, randomBytes } from 'node:crypto';
import { S3_PART_BYTES } from '../src/storage/s3-storage.service.js';
import { LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';

const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), randomBytes(bytes - 16)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Several clients' uploads of the same file names to one listing at once (the scale-out bench's case: one 500 was
 * seen there once): each request stores its own objects under its own keys, each answers 201, nothing is lost.
 */
describe('parallel uploads of the same file names to one listing', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ UPLOAD_MAX_FILE_BYTES: String(3 * S3_PART_BYTES) });
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  it('6 requests × (one file of 1.5 parts + a small one), same names: all 201, 12 documents, 12 objects, every file whole', async () => {
    const requests = Array.from({ length: 6 }, () => ({ big: pdfOf(S3_PART_BYTES + S3_PART_BYTES / 2), small: pdfOf(200_000) }));
    const answers = await Promise.all(requests.map((r) =>
      ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller')).field('documentType', 'FINANCIAL_DOCUMENTS')
        .attach('file', r.big, 'statement-1.pdf').attach('file', r.small, 'statement-2.pdf')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    answers.forEach((a, i) => {
      const byName = Object.fromEntries((a.body.documents as Array<{ fileName: string; sha256: string }>).map((d) => [d.fileName, d.sha256]));
      expect(byName).toEqual({ 'statement-1.pdf': sha256(requests[i]!.big), 'statement-2.pdf': sha256(requests[i]!.small) });
    });
    expect(await rowCount(ctx)).toBe(12);
    expect(new Set(await objects(ctx)).size).toBe(12);
    const listed = await ctx.http.get(`/seller/listings/${LISTING}/documents`).set(as('seller'));
    expect(listed.status).toBe(200);
    expect(listed.body.documents ?? listed.body).toHaveLength(12);
  });
});
