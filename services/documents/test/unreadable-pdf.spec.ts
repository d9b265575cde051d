import { DOCUMENT_MSG } from '@brokerage/contracts';
import { pdfFile, pdfLike } from './support/files.js';
import { ID, LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';
import { staffUpload } from './due-diligence-support.js';

/**
 * Issue 18 §3: a file that passes the type check (it starts like a PDF) but that pdf-lib cannot parse was accepted as a
 * CBR/CIM, and every buyer's (watermarked) download of it then answered 500.
 */
describe('CBR/CIM PDFs must be readable: refused at upload, never a 500 at download', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const truncatedPdf = async () => {
    const real = await pdfFile('Truncated CIM', 3);
    return real.subarray(0, Math.floor(real.length / 2));
  };
  const cimUpload = (who: 'broker' | 'agent' = 'broker') =>
    ctx.http.post(`/${who}/listings/${LISTING}/documents`).set(as(who)).field('documentType', 'CBR_CIM').field('stepId', '4');
  const downloads = async () => Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.downloads'))[0].n);
  const outbox = async () => Number((await ctx.ds.query(`SELECT count(*)::int AS n FROM documents.outbox WHERE kind = 'journey-step'`))[0].n);

  it('an unparseable .pdf as CBR/CIM → 400 "This PDF could not be read; please upload another copy", no object, no row', async () => {
    expect(DOCUMENT_MSG.unreadablePdf).toBe('This PDF could not be read; please upload another copy');
    for (const [name, bytes] of [['header-only.pdf', pdfLike(6000)], ['truncated.pdf', await truncatedPdf()]] as const) {
      const res = await cimUpload().attach('file', bytes, name);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: DOCUMENT_MSG.unreadablePdf });
      expect(await rowCount(ctx)).toBe(0);
      expect(await objects(ctx)).toEqual([]);
    }
  });

  it('all or nothing: a readable PDF sent with an unreadable one is not kept either', async () => {
    const res = await cimUpload('agent').attach('file', await pdfFile('Good CIM'), 'good.pdf').attach('file', pdfLike(6000), 'bad.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: DOCUMENT_MSG.unreadablePdf });
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
  });

  it('every upload whose PDFs buyers get stamped is checked (due diligence, closing documents, the purchase contract); NDAs and seller-only files are not', async () => {
    const refusedWith = (res: { status: number; body: unknown }) => expect([res.status, res.body]).toEqual([400, { message: DOCUMENT_MSG.unreadablePdf }]);
    refusedWith(await staffUpload(ctx, 'agent', { fileName: 'lease.pdf', bytes: pdfLike(6000) }));
    for (const fields of [{ documentType: 'CLOSING_DOCS' }, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { documentType: 'UPLOADED_DOC', audience: 'ALL' }]) {
      let req = ctx.http.post(`/broker/listings/${LISTING}/documents`).set(as('broker'));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      refusedWith(await req.attach('file', pdfLike(6000), 'bad.pdf'));
    }
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
    // no buyer's download stamps these: an NDA (a signed original), a staff file for the seller, a client's own upload
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'NDA', buyerId: ID.buyer }, { name: 'nda.pdf', bytes: pdfLike(6000) });
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'la.pdf', bytes: pdfLike(6000) });
    await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.pdf', bytes: pdfLike(6000) });
    expect(await rowCount(ctx)).toBe(3);
  });

  it('a readable CBR/CIM is accepted as before and its buyer download is stamped', async () => {
    const res = await cimUpload().attach('file', await pdfFile('Good CIM', 2), 'cim.pdf');
    expect(res.status).toBe(201);
    const dl = await ctx.http.get(`/buyer/download-document/${res.body.document.id}`).set(as('buyer'));
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
  });

  it('a CBR/CIM stored before the check that cannot be stamped: the buyer gets 422 with a message, nothing recorded; staff still get the file', async () => {
    // stored as another type (not checked), then made a CBR/CIM as a row written before this fix would be
    const legacy = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'SELLER' }, { name: 'old-cim.pdf', bytes: pdfLike(6000) });
    await ctx.ds.query(`UPDATE documents.documents SET type = 'CBR_CIM', step_id = 4, audience = 'BUYERS' WHERE id = $1`, [legacy.id]);
    const res = await ctx.http.get(`/buyer/download-document/${legacy.id}`).set(as('buyer'));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'This document could not be prepared for download; please ask your broker for another copy' });
    expect(res.body.message).toBe(DOCUMENT_MSG.downloadNotPrepared);
    expect(await downloads()).toBe(0);
    expect(await outbox()).toBe(0); // the CBR/CIM step is not completed by a download that did not happen
    const staff = await ctx.http.get(`/broker/documents/${legacy.id}/download`).set(as('broker'));
    expect(staff.status).toBe(200);
  });
});
