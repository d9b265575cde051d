import { createHash, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { NDA_CERTIFICATE, NDA_TEXT_SHA256, NDA_TEXT_VERSION, NDA_VERIFY_MSG, type PdfJobRequest } from '@brokerage/contracts';
import { identityHeader, serviceIdentity, waitFor } from '@brokerage/nest-common/testing';
import { startPdfWorker } from './support/pdf-worker-app.js';
import { binary } from './support/viewer.js';
import { ID, LISTING, OTHER_LISTING, as, reset, rowCount, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { PNG, pdfFile } from './support/files.js';
import { pdfText } from './support/pdf-text.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A signed NDA's PDF request as listings writes it (client-forms/form-pdfs.ts ndaPdf): evidence, version, certificate. */
const ndaJob = (listingId: string, owner: Who, signer: string, signedAt: string): PdfJobRequest => ({
  key: `form-pdf:${randomUUID()}`,
  title: 'Non-Disclosure Agreement',
  lines: ['1. Confidentiality. All information received about a business is confidential.'],
  sections: [{ heading: 'Buyer', rows: [{ label: 'First name', value: signer.split(' ')[0]! }] }],
  signature: { name: signer, signedAt, ip: '198.51.100.4', userAgent: 'Mozilla/5.0 Test', textSha256: NDA_TEXT_SHA256, textVersion: NDA_TEXT_VERSION },
  certificate: {
    title: NDA_CERTIFICATE.title,
    rows: [
      { label: NDA_CERTIFICATE.labels.signer, value: signer },
      { label: NDA_CERTIFICATE.labels.signedAt, value: signedAt },
      { label: NDA_CERTIFICATE.labels.ip, value: '198.51.100.4' },
      { label: NDA_CERTIFICATE.labels.userAgent, value: 'Mozilla/5.0 Test' },
      { label: NDA_CERTIFICATE.labels.textVersion, value: NDA_TEXT_VERSION },
      { label: NDA_CERTIFICATE.labels.textSha256, value: NDA_TEXT_SHA256 },
    ],
    lines: [...NDA_CERTIFICATE.howToVerify],
  },
  document: { type: 'NDA', listingId, ownerId: ID[owner], ownerRole: 'BUYER', ownerName: signer, fileName: `NDA - ${signer}.pdf` },
});

describe('signed NDAs: certificate page, filed hash, unaltered downloads, staff verification (issue 24 §1)', () => {
  let ctx: DocsCtx;
  let worker: INestApplication;
  const service = identityHeader(serviceIdentity('listings'));
  beforeAll(async () => {
    ctx = await startDocs();
    worker = await startPdfWorker();
  });
  afterAll(async () => {
    await worker.close();
    await ctx.close();
  });
  beforeEach(() => reset(ctx));

  /** Files the NDA through the worker; answers its document id and the bytes the buyer downloads. */
  async function file(job: PdfJobRequest, via: 'buyer' | 'broker' = 'buyer'): Promise<{ id: string; bytes: Buffer }> {
    expect((await ctx.internal.post('/internal/pdf-jobs').set(service).send(job)).status).toBe(202);
    const ready = await waitFor(async () => {
      const r = await ctx.internal.get('/internal/pdf-jobs').query({ key: job.key }).set(service);
      return r.body.status === 'READY' ? r.body : null;
    });
    const path = via === 'buyer' ? `/buyer/download-document/${ready.documentId}` : `/broker/documents/${ready.documentId}/download`;
    const res = await ctx.http.get(path).set(as(via)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return { id: ready.documentId, bytes: res.body as Buffer };
  }
  /** The staff route (the broker's, or the agent's for agents; buyers and sellers call it as they could: with their own session). */
  const verify = (who: Who, listingId: string, bytes: Buffer, name = 'nda.pdf', area = who === 'agent' || who === 'otherAgent' ? 'agent' : 'broker') =>
    ctx.http.post(`/${area}/listings/${listingId}/ndas/verify`).set(as(who)).attach('file', bytes, name);

  it('the PDF prints the evidence with the text version and ends with the certificate page alone', async () => {
    const { bytes } = await file(ndaJob(LISTING, 'buyer', 'Blake Buyer', '2026-11-23T10:00:00.000Z'));
    const pages = (await pdfText(bytes)).split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const body = pages.slice(0, -1).join('\n');
    const last = pages.at(-1)!;
    for (const t of ['Signed electronically at 2026-11-23T10:00:00.000Z', 'IP address: 198.51.100.4', 'User agent: Mozilla/5.0 Test',
      `SHA-256 of the signed text: ${NDA_TEXT_SHA256}`, `Version of the signed text: ${NDA_TEXT_VERSION}`]) expect(body).toContain(t);
    expect(body).not.toContain(NDA_CERTIFICATE.title);
    for (const t of [NDA_CERTIFICATE.title, 'Signed by: Blake Buyer', 'IP address: 198.51.100.4', 'User agent: Mozilla/5.0 Test',
      `NDA text version: ${NDA_TEXT_VERSION}`, `SHA-256 of the NDA text: ${NDA_TEXT_SHA256}`, 'How to verify this document', 'Verify an NDA']) {
      expect(last.replace(/\s+/g, ' ')).toContain(t);
    }
  });

  it('the filed PDF\'s sha256 is recorded, and every download (buyer, broker, agent) is those bytes unaltered', async () => {
    const { id, bytes } = await file(ndaJob(LISTING, 'buyer', 'Blake Buyer', '2026-11-23T10:00:00.000Z'));
    const [row] = await ctx.ds.query(`SELECT sha256, storage_key FROM documents.documents WHERE id = $1`, [id]);
    expect(row.sha256).toBe(sha256((await ctx.storage.read(row.storage_key))!));
    expect(sha256(bytes)).toBe(row.sha256);
    for (const who of ['broker', 'agent'] as const) {
      const staff = await ctx.http.get(`/${who}/documents/${id}/download`).set(as(who)).buffer(true).parse(binary);
      expect(staff.status).toBe(200);
      expect(sha256(staff.body as Buffer)).toBe(row.sha256);
    }
  });

  it('verify: an exact copy matches (broker, assigned agent); one changed byte does not; nothing is stored', async () => {
    const { bytes } = await file(ndaJob(LISTING, 'buyer', 'Blake Buyer', '2026-11-23T10:00:00.000Z'));
    const before = await rowCount(ctx);
    for (const who of ['broker', 'agent'] as const) {
      const res = await verify(who, LISTING, bytes);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        matches: true, message: 'Matches the NDA signed by Blake Buyer on Nov 23, 2026 10:00 AM UTC', signerName: 'Blake Buyer', signedAt: '2026-11-23T10:00:00.000Z',
      });
    }
    const tampered = Buffer.from(bytes);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const res = await verify('broker', LISTING, tampered);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matches: false, message: NDA_VERIFY_MSG.noMatch });
    expect(res.body).not.toHaveProperty('signerName');
    // a PDF that is no NDA of the portal's
    expect((await verify('broker', LISTING, await pdfFile('other.pdf'))).body).toEqual({ matches: false, message: 'Does not match any signed NDA' });
    expect(await rowCount(ctx)).toBe(before);
    expect(await ctx.storage.list('nda-verify')).toEqual([]);
  });

  it('verify: another listing\'s NDA does not match on this listing (it does on its own)', async () => {
    const other = await file(ndaJob(OTHER_LISTING, 'otherBuyer', 'Oscar Buyer', '2026-11-24T18:30:00.000Z'), 'broker');
    expect((await verify('broker', LISTING, other.bytes)).body).toEqual({ matches: false, message: NDA_VERIFY_MSG.noMatch });
    expect((await verify('agent', LISTING, other.bytes)).body.matches).toBe(false);
    expect((await verify('broker', OTHER_LISTING, other.bytes)).body).toMatchObject({ matches: true, message: 'Matches the NDA signed by Oscar Buyer on Nov 24, 2026 6:30 PM UTC' });
  });

  it('verify: buyers and sellers 403, an agent not assigned 404; one .pdf file only, checked as uploads are', async () => {
    const { bytes } = await file(ndaJob(LISTING, 'buyer', 'Blake Buyer', '2026-11-23T10:00:00.000Z'));
    for (const who of ['buyer', 'seller'] as const) {
      for (const area of ['broker', 'agent']) {
        const res = await verify(who, LISTING, bytes, 'nda.pdf', area);
        expect(res.status).toBe(403);
        expect(res.body).not.toHaveProperty('matches');
      }
    }
    const stranger = await verify('otherAgent', LISTING, bytes);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: 'Listing not found' });
    // an agent on the broker's route: 403 (the role), even on their own listing
    expect((await verify('agent', LISTING, bytes, 'nda.pdf', 'broker')).status).toBe(403);

    const png = await verify('broker', LISTING, PNG, 'nda.png');
    expect(png.status).toBe(400);
    expect(png.body.message).toBe('nda.png: file type not allowed (allowed: .pdf)');
    const fake = await verify('broker', LISTING, Buffer.from('not a pdf at all'), 'nda.pdf');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe("nda.pdf: the file's content does not match its extension");
    const none = await ctx.http.post(`/broker/listings/${LISTING}/ndas/verify`).set(as('broker')).field('note', 'x');
    expect(none.status).toBe(400);
    const two = await ctx.http.post(`/broker/listings/${LISTING}/ndas/verify`).set(as('broker')).attach('file', bytes, 'a.pdf').attach('file', bytes, 'b.pdf');
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(NDA_VERIFY_MSG.oneFile);
    const empty = await ctx.http.post(`/broker/listings/${LISTING}/ndas/verify`).set(as('broker')).set('content-type', 'multipart/form-data; boundary=x').send('--x--\r\n');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(NDA_VERIFY_MSG.oneFile);
  });
});
