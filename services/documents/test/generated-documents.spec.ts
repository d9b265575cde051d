import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { FIRM, type PdfJobRequest } from '@brokerage/contracts';
import { identityHeader, serviceIdentity, waitFor } from '@brokerage/nest-common/testing';
import { PdfProcessor } from '../src/pdf/pdf.processor.js';
import { startPdfWorker } from './support/pdf-worker-app.js';
import { binary } from './support/viewer.js';
import { ID, LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { pdfText } from './support/pdf-text.js';


describe('the worker PDFs (questionnaire, NDA, financial statement) filed as documents, on the firm letterhead', () => {
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

  const nda = (key: string): PdfJobRequest => ({
    key,
    title: 'Non-Disclosure Agreement',
    lines: ['1. Confidential information will be used only to evaluate the purchase.'],
    sections: [{ heading: 'Buyer', rows: [{ label: 'Name', value: 'Blake Buyer' }, { label: 'Available money', value: '$250,000' }] }],
    signature: { name: 'Blake Buyer', signedAt: '2026-11-23T10:00:00.000Z', ip: '198.51.100.4', userAgent: 'Mozilla/5.0 Test', textSha256: 'a'.repeat(64) },
    document: { type: 'NDA', listingId: LISTING, ownerId: ID.buyer, ownerRole: 'BUYER', ownerName: 'Blake Buyer', fileName: 'NDA - Blake Buyer.pdf' },
  });

  it('POST /internal/pdf-jobs with a document: rendered once, filed as the buyer\'s NDA, visible to them and staff only', async () => {
    const key = `nda:${randomUUID()}`;
    const res = await ctx.internal.post('/internal/pdf-jobs').set(service).send(nda(key));
    expect(res.status).toBe(202);
    const ready = await waitFor(async () => {
      const r = await ctx.internal.get('/internal/pdf-jobs').query({ key }).set(service);
      return r.body.status === 'READY' ? r.body : null;
    });
    expect(ready.documentId).toEqual(expect.any(String));
    const mine = await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer'));
    expect(mine.body.documents).toEqual([
      expect.objectContaining({ id: ready.documentId, type: 'NDA', category: 'GENERATED', fileName: 'NDA - Blake Buyer.pdf', buyerId: ID.buyer, uploader: { id: ID.buyer, name: 'Blake Buyer', role: 'BUYER' } }),
    ]);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('otherBuyer'))).body.documents).toEqual([]);
    expect((await ctx.http.get(`/seller/listings/${LISTING}/documents`).set(as('seller'))).body.documents).toEqual([]);
    expect((await ctx.http.get(`/agent/buyers/${ID.buyer}/listings/${LISTING}/documents`).set(as('agent'))).body.documents).toHaveLength(1);
    // the signer cannot remove the signed NDA; staff can
    const del = await ctx.http.delete(`/buyer/listings/${LISTING}/documents/${ready.documentId}`).set(as('buyer'));
    expect(del.status).toBe(403);
    const file = await ctx.http.get(`/buyer/download-document/${ready.documentId}`).set(as('buyer')).buffer(true).parse(binary);
    const text = await pdfText(file.body);
    for (const t of [FIRM.name, FIRM.licence, FIRM.phone, 'Non-Disclosure Agreement', 'Available money: $250,000', 'Blake Buyer',
      'Signed electronically at 2026-11-23T10:00:00.000Z', 'IP address: 198.51.100.4', 'User agent: Mozilla/5.0 Test', `SHA-256 of the signed text: ${'a'.repeat(64)}`]) {
      expect(text).toContain(t);
    }
  });

  it('a job delivered twice (worker died after storing) files one document', async () => {
    const key = `q:${randomUUID()}`;
    const data = {
      key, title: 'Seller Questionnaire', lines: [], signature: undefined,
      sections: [{ heading: 'Business Summary and History', rows: [{ label: 'Business description', value: 'Coffee roastery' }] }],
      document: { type: 'QUESTIONNAIRE' as const, listingId: LISTING, ownerId: ID.seller, ownerRole: 'SELLER' as const, ownerName: 'Sam Seller', fileName: 'Questionnaire.pdf' },
    };
    await ctx.ds.query(`INSERT INTO documents.generated_pdfs (job_key, title, payload) VALUES ($1, $2, '{}')`, [key, data.title]);
    const processor = worker.get(PdfProcessor);
    await processor.handle(data);
    await ctx.ds.query(`UPDATE documents.generated_pdfs SET status = 'PENDING' WHERE job_key = $1`, [key]); // as if it died before READY
    await processor.handle(data);
    const seller = await ctx.http.get(`/seller/listings/${LISTING}/documents`).set(as('seller'));
    expect(seller.body.documents.map((d: { type: string }) => d.type)).toEqual(['QUESTIONNAIRE']);
    expect((await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer'))).body.documents).toEqual([]);
  });

  it('a document request that breaks the contract is 400', async () => {
    const bad = await ctx.internal.post('/internal/pdf-jobs').set(service).send({ ...nda(`x:${randomUUID()}`), document: { type: 'CBR_CIM' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('type must be QUESTIONNAIRE, NDA or FINANCIAL_STATEMENT');
  });
});
