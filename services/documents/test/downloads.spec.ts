import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '@brokerage/nest-common/testing';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { PNG, pdfFile } from './support/files.js';
import { ID, LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';
import { staffUpload } from './due-diligence-support.js';

async function pdfText(bytes: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wm-'));
  try {
    await writeFile(path.join(dir, 'd.pdf'), bytes);
    const { stdout } = await promisify(execFile)('pdftotext', [path.join(dir, 'd.pdf'), '-']);
    return stdout.split('\f').filter((p) => p.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
/** supertest parser: the body as bytes. */
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('downloads: streamed with Range, audited, CBR/CIM watermarked; journey events', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '200' });
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const get = (path: string, who: Parameters<typeof as>[0]) => ctx.http.get(path).set(as(who)).buffer(true).parse(binary);

  it('answers the file with Content-Disposition (sanitised), Range requests with 206, a bad range with 416', async () => {
    const pdf = await pdfFile('Ranges');
    const doc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'Q1 "final"\u00e9.pdf', bytes: pdf });
    const full = await get(`/seller/download-document/${doc.id}`, 'seller');
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('application/pdf');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-disposition']).toBe(`attachment; filename="Q1 _final__.pdf"; filename*=UTF-8''Q1%20%22final%22%C3%A9.pdf`);
    expect(Buffer.compare(full.body, pdf)).toBe(0);
    const view = await ctx.http.get(`/seller/download-document/${doc.id}?disposition=inline`).set(as('seller'));
    expect(view.headers['content-disposition']).toMatch(/^inline; filename="Q1 _final__.pdf"/);
    expect((await ctx.http.get(`/seller/download-document/${doc.id}?disposition=open`).set(as('seller'))).status).toBe(400);
    const part = await ctx.http.get(`/seller/download-document/${doc.id}`).set(as('seller')).set('Range', 'bytes=10-19').buffer(true).parse(binary);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${pdf.length}`);
    expect(Buffer.compare(part.body, pdf.subarray(10, 20))).toBe(0);
    const tail = await ctx.http.get(`/seller/download-document/${doc.id}`).set(as('seller')).set('Range', 'bytes=-5').buffer(true).parse(binary);
    expect(Buffer.compare(tail.body, pdf.subarray(pdf.length - 5))).toBe(0);
    const bad = await ctx.http.get(`/seller/download-document/${doc.id}`).set(as('seller')).set('Range', `bytes=${pdf.length}-`);
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('every download is recorded (who, what, when, IP); staff read it per listing and per document, newest first, by person', async () => {
    const a = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'closing.pdf' });
    const b = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'memo.pdf' });
    await get(`/seller/download-document/${a.id}`, 'seller').set('X-Forwarded-For', '203.0.113.7');
    await get(`/buyer/download-document/${a.id}`, 'buyer');
    await get(`/buyer/download-document/${b.id}`, 'buyer');
    const all = await ctx.http.get(`/broker/listings/${LISTING}/activity`).set(as('broker'));
    expect(all.status).toBe(200);
    expect(all.body.downloads.map((d: { fileName: string; user: { name: string } }) => `${d.user.name}: ${d.fileName}`)).toEqual([
      'Blake Buyer: memo.pdf', 'Blake Buyer: closing.pdf', 'Sam Seller: closing.pdf',
    ]);
    expect(all.body.downloads[2]).toMatchObject({ documentId: a.id, listingId: LISTING, ip: '203.0.113.7', watermarked: false, user: { id: ID.seller, role: 'SELLER', email: 'seller@example.com' } });
    expect(Date.parse(all.body.downloads[2].downloadedAt)).toBeGreaterThan(Date.now() - 60_000);
    const seller = await ctx.http.get(`/agent/listings/${LISTING}/activity?userId=${ID.seller}`).set(as('agent'));
    expect(seller.body.downloads).toHaveLength(1);
    const perDoc = await ctx.http.get(`/agent/documents/${a.id}/activity`).set(as('agent'));
    expect(perDoc.body.downloads.map((d: { user: { name: string } }) => d.user.name)).toEqual(['Blake Buyer', 'Sam Seller']);
    expect((await ctx.http.get(`/agent/listings/${LISTING}/activity`).set(as('otherAgent'))).status).toBe(404);
  });

  it("a buyer's CBR/CIM is stamped on every page with their name, e-mail and the date; the stored original is untouched", async () => {
    const original = await pdfFile('Confidential Business Review', 3);
    const cim = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf', bytes: original });
    const res = await get(`/buyer/download-document/${cim.id}`, 'buyer');
    expect(res.status).toBe(200);
    const pages = await pdfText(res.body);
    expect(pages).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    for (const page of pages) {
      expect(page).toContain('Confidential Business Review');
      expect(page).toContain(`Confidential - provided to Blake Buyer <buyer@example.com> on ${today}`);
    }
    const other = await pdfText((await get(`/buyer/download-document/${cim.id}`, 'otherBuyer')).body);
    expect(other[0]).toContain('Oscar Buyer <otherbuyer@example.com>');
    const staffCopy = await get(`/broker/documents/${cim.id}/download`, 'broker');
    expect(createHash('sha256').update(staffCopy.body).digest('hex')).toBe(cim.sha256);
    expect((await pdfText(staffCopy.body)).join('')).not.toContain('provided to');
    const audit = await ctx.http.get(`/broker/documents/${cim.id}/activity`).set(as('broker'));
    expect(audit.body.downloads.map((d: { watermarked: boolean }) => d.watermarked)).toEqual([false, true, true]);
  });

  it("every PDF a buyer downloads is stamped (due diligence, purchase contract, closing documents); NDAs, signed originals, other roles' downloads and non-PDF files are served as stored", async () => {
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const today = new Date().toISOString().slice(0, 10);
    const stamp = `Confidential - provided to Blake Buyer <buyer@example.com> on ${today}`;
    const dd = await staffUpload(ctx, 'agent', { fileName: 'lease.pdf', bytes: await pdfFile('Premises lease', 2) });
    expect(dd.status).toBe(201);
    const ddId: string = dd.body.document.id;
    const contract = await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'contract.pdf' });
    const closing = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CLOSING_DOCS' }, { name: 'closing.pdf' });
    for (const id of [ddId, contract.id, closing.id]) {
      const res = await get(`/buyer/download-document/${id}`, 'buyer');
      expect(res.status).toBe(200);
      expect((await pdfText(res.body)).join('')).toContain(stamp);
    }
    // a Range request on a stamped file gets the whole stamped copy (no 206 of the original's bytes)
    const ranged = await get(`/buyer/download-document/${ddId}`, 'buyer').set('Range', 'bytes=0-9');
    expect(ranged.status).toBe(200);
    expect((await pdfText(ranged.body)).join('')).toContain(stamp);
    // the stored original is untouched: staff get it byte for byte
    const [ddRow] = await ctx.ds.query('SELECT sha256 FROM documents.documents WHERE id = $1', [ddId]);
    const staffCopy = await get(`/agent/documents/${ddId}/download`, 'agent');
    expect(sha(staffCopy.body)).toBe(ddRow.sha256);
    // the buyer's POST intent of a due-diligence download is audited as the stamped download it announces
    await ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/download`).set(as('buyer')).send({ documentId: ddId, stepId: 7 });
    const ddAudit = await ctx.http.get(`/broker/documents/${ddId}/activity`).set(as('broker'));
    expect(ddAudit.body.downloads.map((d: { user: { role: string }; watermarked: boolean }) => `${d.user.role} ${d.watermarked}`)).toEqual([
      'BUYER true', 'AGENT false', 'BUYER true', 'BUYER true',
    ]);

    // NDAs and signed originals: byte-identical for the buyer, not marked watermarked
    const nda = await uploadAs(ctx, 'broker', LISTING, { documentType: 'NDA', buyerId: ID.buyer }, { name: 'signed nda.pdf' });
    const signed = await ctx.http.post(`/buyer/listings/${LISTING}/signed-contract`).set(as('buyer')).attach('file', await pdfFile('signed'), 'signed-contract.pdf');
    expect(signed.status).toBe(201);
    const png = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'site plan.png', bytes: PNG });
    for (const d of [nda, signed.body.document as { id: string; sha256: string }, png]) {
      const res = await get(`/buyer/download-document/${d.id}`, 'buyer');
      expect(res.status).toBe(200);
      expect(sha(res.body)).toBe(d.sha256);
    }
    expect(sha((await get(`/buyer/download-document/${png.id}`, 'buyer')).body)).toBe(sha(PNG));
    // the seller's and staff's downloads are never stamped
    for (const [path, who] of [[`/seller/download-document/${closing.id}`, 'seller'], [`/broker/documents/${closing.id}/download`, 'broker'], [`/agent/documents/${contract.id}/download`, 'agent']] as const) {
      const res = await get(path, who);
      expect(res.status).toBe(200);
      expect((await pdfText(res.body)).join('')).not.toContain('provided to');
    }
    const audit = await ctx.http.get(`/broker/listings/${LISTING}/activity`).set(as('broker'));
    const flags = Object.fromEntries(
      (audit.body.downloads as Array<{ documentId: string; user: { role: string }; watermarked: boolean }>)
        .filter((d) => [nda.id, signed.body.document.id, png.id, closing.id].includes(d.documentId))
        .map((d) => [`${d.documentId === closing.id ? 'closing' : 'original'} ${d.user.role}`, d.watermarked]),
    );
    expect(flags).toEqual({ 'closing BUYER': true, 'closing SELLER': false, 'closing BROKER': false, 'original BUYER': false });
  });

  it('uploads and the CBR/CIM download complete journey steps, once per (what, user, listing)', async () => {
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'LISTING_AGREEMENT', stepId: '2' }, { name: 'signed-la.pdf' });
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl1.pdf' });
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl2.pdf' });
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'PURCHASE_AGREEMENT' }, { name: 'signed-pa.pdf' });
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'DUE_DILIGENCE' }, { name: 'lease.png' });
    await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    const signed = await ctx.http.post(`/buyer/listings/${LISTING}/signed-contract`).set(as('buyer')).attach('file', await pdfFile('signed'), 'signed-contract.pdf');
    expect(signed.status).toBe(201);
    expect(signed.body.document).toMatchObject({ type: 'PURCHASE_CONTRACT', stepId: 6, category: 'BUYER_UPLOAD' });
    const cim = await uploadAs(ctx, 'agent', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    await get(`/buyer/download-document/${cim.id}`, 'buyer');
    const intent = await ctx.http.post(`/buyer/download-agent-document/${cim.id}`).set(as('buyer')).send({ stepId: 4 });
    expect(intent.body.document.url).toBe(`/api/buyer/download-document/${cim.id}`);
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'prepared.pdf' }); // staff: no event
    const seen = () => ctx.stub.events.map((e) => `${e.userId === ID.seller ? 'seller' : 'buyer'} ${e.stepId} ${e.source}`).sort();
    await waitFor(async () => seen().length >= 7);
    await ctx.app.get(JourneyRelayService).drain();
    expect(seen()).toEqual([
      'buyer 4 documents.cbr-cim-download',
      'buyer 5 documents.first-buyer-upload',
      'buyer 6 documents.signed-contract-upload',
      'seller 2 documents.signed-listing-agreement',
      'seller 4 documents.first-financial-upload',
      'seller 6 documents.signed-purchase-agreement',
      'seller 7 documents.first-due-diligence-upload',
    ]);
    expect(ctx.stub.events.every((e) => e.listingId === LISTING)).toBe(true);
    // the second financial upload and the second CBR/CIM download wrote no second event
    expect((await ctx.ds.query(`SELECT count(*)::int AS n FROM documents.outbox WHERE kind = 'journey-step'`))[0].n).toBe(7);
  });

  it('with listings down the event waits in the outbox and is delivered once it is back', async () => {
    ctx.stub.down = true;
    await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png', bytes: PNG }).catch(() => undefined);
    // the upload itself needs listings (membership): it is refused while listings is down, and no event is written
    expect(ctx.stub.events).toEqual([]);
    ctx.stub.down = false;
    await uploadAs(ctx, 'buyer', LISTING, {}, { name: 'funds.png' });
    // listings goes down right after the upload, before the relay reached it
    ctx.stub.down = true;
    await ctx.ds.query(`UPDATE documents.outbox SET delivered_at = NULL, attempts = 0 WHERE kind = 'journey-step'`);
    ctx.stub.events.length = 0;
    // the relay tried while listings was down (an attempt counted), and nothing was delivered
    await waitFor(async () => (await ctx.ds.query(`SELECT attempts FROM documents.outbox WHERE kind = 'journey-step'`))[0].attempts > 0);
    expect(ctx.stub.events).toEqual([]);
    const [row] = await ctx.ds.query(`SELECT delivered_at, attempts FROM documents.outbox WHERE kind = 'journey-step'`);
    expect(row.delivered_at).toBeNull();
    expect(row.attempts).toBeGreaterThan(0);
    ctx.stub.down = false;
    await waitFor(async () => ctx.stub.events.length === 1);
    expect(ctx.stub.events[0]).toMatchObject({ userId: ID.buyer, stepId: 5, listingId: LISTING });
    expect((await ctx.ds.query(`SELECT delivered_at FROM documents.outbox WHERE kind = 'journey-step'`))[0].delivered_at).not.toBeNull();
  });
});
