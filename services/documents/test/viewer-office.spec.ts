import { execFile } from 'node:child_process';
import { access, chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { configureApp } from '@brokerage/nest-common';
import { VIEWER_MSG } from '@brokerage/contracts';
import { WorkerModule } from '../src/worker.module.js';
import { OfficePdfProcessor } from '../src/pdf/office-pdf.processor.js';
import { OFFICE_PDF, OFFICE_PDF_QUEUE, officePdfJobId, type OfficePdfJob } from '../src/pdf/office-pdf-job.js';
import { LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { pdfText } from './support/pdf-text.js';
import { uploadAs } from './support/upload.js';
import { staffUpload } from './due-diligence-support.js';
import { waitFor } from './helpers.js';

const run = promisify(execFile);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A real .docx made by LibreOffice from a text file. */
async function makeDocx(text: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'docx-fixture-'));
  try {
    await writeFile(join(dir, 'lease.txt'), text);
    await run('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', dir, join(dir, 'lease.txt')], { timeout: 120_000 });
    return await readFile(join(dir, 'lease.docx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 23 §1: a Word file is shown in the viewer through a PDF the pdf worker makes of it with LibreOffice (then
 * stamped like any PDF); the original stays the download. Every upload of a Word file requests the conversion through
 * documents.outbox ('office-pdf' queue); until the PDF exists the viewer answers 202 "being prepared". The documents
 * process never runs LibreOffice: a spy `soffice` first on its PATH stays unrun while only the API is up.
 */
describe('document viewer: Word files converted to PDF by the pdf worker (issue 23 §1)', () => {
  let ctx: DocsCtx;
  let docx: Buffer;
  let worker: INestApplication | null = null;
  let spyDir: string;
  const savedPath = process.env.PATH;

  beforeAll(async () => {
    docx = await makeDocx('Premises lease of the Roastery\nTen years from 2026\n');
    // a spy LibreOffice first on the PATH: anything in this process that runs `soffice` leaves a mark
    spyDir = await mkdtemp(join(tmpdir(), 'soffice-spy-'));
    await writeFile(join(spyDir, 'soffice'), `#!/bin/sh\necho "$@" >> "${join(spyDir, 'ran')}"\nexit 1\n`);
    await chmod(join(spyDir, 'soffice'), 0o755);
    process.env.PATH = `${spyDir}${delimiter}${savedPath}`;
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
  }, 180_000);
  afterAll(async () => {
    process.env.PATH = savedPath;
    await worker?.close();
    await ctx.close();
    await rm(spyDir, { recursive: true, force: true });
  });
  beforeEach(() => reset(ctx));

  const queue = () => ctx.app.get<Queue>(getQueueToken(OFFICE_PDF_QUEUE));
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await ctx.storage.get(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const convertedKeys = async (documentId: string) =>
    (await ctx.storage.list(`listings/${LISTING}/viewer/${documentId}/`)).filter((k) => /converted-[0-9a-f]+\.pdf$/.test(k));
  const officeRows = async (storageKey: string): Promise<Array<{ delivered: boolean }>> =>
    ctx.ds.query(`SELECT delivered_at IS NOT NULL AS delivered FROM documents.outbox WHERE kind = $1 AND payload->>'storageKey' = $2`, [OFFICE_PDF, storageKey]);
  const storageKeyOf = async (documentId: string): Promise<string> =>
    (await ctx.ds.query('SELECT storage_key AS k FROM documents.documents WHERE id = $1', [documentId]))[0].k;
  const spyRan = () => access(join(spyDir, 'ran')).then(() => true, () => false);

  /** The pdf worker process's module, on the same Redis and S3, with the real LibreOffice (or `soffice`). */
  async function startWorker(soffice: string): Promise<OfficePdfProcessor> {
    if (!worker) {
      const mod = await Test.createTestingModule({ imports: [WorkerModule] }).compile();
      worker = mod.createNestApplication({ bodyParser: false });
      configureApp(worker, 'documents-worker');
      await worker.init();
    }
    const processor = worker.get(OfficePdfProcessor);
    processor.soffice = soffice;
    return processor;
  }
  const realSoffice = async () => (await run('sh', ['-c', 'command -v soffice'], { env: { ...process.env, PATH: savedPath } })).stdout.trim();

  it('the documents process only requests: every Word upload path writes one outbox row, the viewer answers 202 "being prepared" (nothing recorded) and never runs soffice', async () => {
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });
    expect(doc.contentType).toBe(DOCX);
    const key = await storageKeyOf(doc.id);
    // delivered to the 'office-pdf' queue: one job, named by the stored file
    await waitFor(async () => (await officeRows(key)).every((r) => r.delivered) && (await officeRows(key)).length === 1);
    expect(await queue().getJob(officePdfJobId(key))).toMatchObject({ name: OFFICE_PDF, data: { documentId: doc.id, listingId: LISTING, storageKey: key, contentType: DOCX } });

    for (let i = 0; i < 2; i++) {
      const open = await ctx.http.get(`/buyer/documents/${doc.id}/pages`).set(as('buyer'));
      expect(open.status).toBe(202);
      expect(open.headers['retry-after']).toBe('3');
      expect(open.body).toEqual({ documentId: doc.id, fileName: 'lease.docx', status: 'preparing', message: VIEWER_MSG.preparing });
    }
    const page = await ctx.http.get(`/buyer/documents/${doc.id}/pages/1`).set(as('buyer'));
    expect(page.status).toBe(503);
    expect(page.body).toEqual({ message: VIEWER_MSG.preparing });
    // no opening recorded (no audit row) while it is being prepared; no PDF made here; the spy never ran
    expect((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.downloads'))[0].n).toBe(0);
    expect(await convertedKeys(doc.id)).toEqual([]);
    expect(await officeRows(key)).toHaveLength(1); // the viewer's asking again adds nothing while the job is kept
    expect(await spyRan()).toBe(false);

    // the other upload paths that take Word files: due diligence (staff for a buyer, the seller's own); a PDF asks nothing
    const staffDd = await staffUpload(ctx, 'broker', { fileName: 'leases.docx', bytes: docx });
    const sellerDd = await ctx.http.post('/seller/due-diligence').set(as('seller')).field('listingId', LISTING).attach('file', docx, 'ledger.docx');
    const pdfOnly = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'cim.pdf' });
    expect(staffDd.status).toBe(201);
    expect(sellerDd.status).toBe(201);
    expect(await officeRows(await storageKeyOf(staffDd.body.document.id))).toHaveLength(1);
    expect(await officeRows(await storageKeyOf(sellerDd.body.document.id))).toHaveLength(1);
    expect(await officeRows(await storageKeyOf(pdfOnly.id))).toHaveLength(0);
  }, 120_000);

  it('upload → the pdf worker converts → pages viewable (text and stamp in the copy); a file stored before (no request) is requested by the viewer', async () => {
    // a .docx stored with no conversion request (as before this change): its row and job gone
    const old = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'old-lease.docx', bytes: docx });
    const oldKey = await storageKeyOf(old.id);
    await waitFor(async () => (await officeRows(oldKey)).some((r) => r.delivered));
    await queue().remove(officePdfJobId(oldKey));
    await ctx.ds.query('DELETE FROM documents.outbox WHERE kind = $1', [OFFICE_PDF]);
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });

    await startWorker(await realSoffice()); // the real LibreOffice, by its path (the spy stays first on the PATH)
    const opened = await waitFor(async () => {
      const r = await ctx.http.get(`/buyer/documents/${doc.id}/pages`).set(as('buyer'));
      if (r.status === 202) return null;
      return r;
    }, 180_000);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ documentId: doc.id, fileName: 'lease.docx', pageCount: 1 });
    const page = await ctx.http.get(`/buyer/documents/${doc.id}/pages/1`).set(as('buyer')).buffer(true).parse(binary);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect((page.body as Buffer).length).toBeGreaterThan(1000);
    expect((await ctx.http.get(`/buyer/documents/${doc.id}/pages/2`).set(as('buyer'))).status).toBe(404);

    expect(await convertedKeys(doc.id)).toHaveLength(1);
    const copy = (await ctx.storage.list(`listings/${LISTING}/viewer/${doc.id}/`)).find((k) => k.endsWith('copy.pdf'))!;
    const text = await pdfText(await read(copy));
    expect(text).toContain('Premises lease of the Roastery');
    expect(text).toContain(`Confidential - provided to Blake Buyer <buyer@example.com> on ${new Date().toISOString().slice(0, 10)}`);

    // the original is what staff download, unchanged
    const original = await ctx.http.get(doc.url.replace(/^\/api/, '')).set(as('broker')).buffer(true).parse(binary);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toContain(DOCX);
    expect((original.body as Buffer).equals(docx)).toBe(true);

    // the file stored before: the viewer's first ask requests it (202), the worker makes it
    const first = await ctx.http.get(`/broker/documents/${old.id}/pages`).set(as('broker'));
    expect(first.status).toBe(202);
    expect(await officeRows(oldKey)).toHaveLength(1);
    const later = await waitFor(async () => {
      const r = await ctx.http.get(`/broker/documents/${old.id}/pages`).set(as('broker'));
      return r.status === 202 ? null : r;
    }, 180_000);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ documentId: old.id, pageCount: 1 });
    expect(await spyRan()).toBe(false); // the documents process ran no soffice, the worker the real one by its path
  }, 400_000);

  it('a conversion job run twice (even side by side) leaves one PDF, the second finding it made', async () => {
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });
    const job: OfficePdfJob = { documentId: doc.id, listingId: LISTING, storageKey: await storageKeyOf(doc.id), contentType: DOCX };
    const processor = await startWorker(await realSoffice());
    const twice = await Promise.all([processor.handle(job), processor.handle(job)]);
    // the queue's own run of it (the upload's request) may have come first: each run converts or finds it made
    for (const outcome of twice) expect(['converted', 'exists']).toContain(outcome);
    expect(await processor.handle(job)).toBe('exists');
    expect(await convertedKeys(doc.id)).toHaveLength(1);
    expect((await read((await convertedKeys(doc.id))[0]!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 400_000);

  it('without LibreOffice on the worker the viewer answers 415 "download it instead" and the file stays downloadable', async () => {
    await startWorker('/nonexistent/soffice'); // a machine without LibreOffice
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });
    const open = await waitFor(async () => {
      const r = await ctx.http.get(`/buyer/documents/${doc.id}/pages`).set(as('buyer'));
      return r.status === 202 ? null : r;
    }, 60_000);
    expect(open.status).toBe(415);
    expect(open.body).toEqual({ message: VIEWER_MSG.notViewable });
    const original = await ctx.http.get(doc.url.replace(/^\/api/, '')).set(as('broker')).buffer(true).parse(binary);
    expect(original.status).toBe(200);
    expect((original.body as Buffer).equals(docx)).toBe(true);
  }, 120_000);
});
