import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VIEWER_MSG } from '@brokerage/contracts';
import { VIEWER_CONFIG, type ViewerConfig } from '../src/config/viewer-config.js';
import { LISTING, as, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { pdfText } from './support/pdf-text.js';
import { uploadAs } from './support/upload.js';

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
 * Issue 23 §1: a Word file is shown in the viewer through a PDF LibreOffice makes of it (then stamped like any PDF);
 * the original stays the download. Without LibreOffice the viewer says it cannot show it and the download still works.
 */
describe('document viewer: Word files converted to PDF by LibreOffice (issue 23 §1)', () => {
  let ctx: DocsCtx;
  let docx: Buffer;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
    docx = await makeDocx('Premises lease of the Roastery\nTen years from 2026\n');
  }, 180_000);
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await ctx.storage.get(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('a buyer views page 1 of a .docx: its text and their stamp are in the copy the page is rendered from; the download is the .docx itself', async () => {
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip container
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });
    expect(doc.contentType).toBe(DOCX);

    const open = await ctx.http.get(`/buyer/documents/${doc.id}/pages`).set(as('buyer'));
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ documentId: doc.id, fileName: 'lease.docx', pageCount: 1 });
    const page = await ctx.http.get(`/buyer/documents/${doc.id}/pages/1`).set(as('buyer')).buffer(true).parse(binary);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect((page.body as Buffer).length).toBeGreaterThan(1000);
    expect((await ctx.http.get(`/buyer/documents/${doc.id}/pages/2`).set(as('buyer'))).status).toBe(404);

    const keys = await ctx.storage.list(`listings/${LISTING}/viewer/${doc.id}/`);
    expect(keys.filter((k) => /converted-[0-9a-f]+\.pdf$/.test(k))).toHaveLength(1);
    const text = await pdfText(await read(keys.find((k) => k.endsWith('copy.pdf'))!));
    expect(text).toContain('Premises lease of the Roastery');
    expect(text).toContain(`Confidential - provided to Blake Buyer <buyer@example.com> on ${new Date().toISOString().slice(0, 10)}`);

    // the original is what staff download, unchanged
    const original = await ctx.http.get(doc.url.replace(/^\/api/, '')).set(as('broker')).buffer(true).parse(binary);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toContain(DOCX);
    expect((original.body as Buffer).equals(docx)).toBe(true);
  }, 180_000);

  it('without LibreOffice the viewer answers 415 "download it instead" and the file stays downloadable', async () => {
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'lease.docx', bytes: docx });
    ctx.app.get<ViewerConfig>(VIEWER_CONFIG).SOFFICE_PATH = '/nonexistent/soffice'; // a machine without LibreOffice
    const open = await ctx.http.get(`/buyer/documents/${doc.id}/pages`).set(as('buyer'));
    expect(open.status).toBe(415);
    expect(open.body).toEqual({ message: VIEWER_MSG.notViewable });
    const original = await ctx.http.get(doc.url.replace(/^\/api/, '')).set(as('broker')).buffer(true).parse(binary);
    expect(original.status).toBe(200);
    expect((original.body as Buffer).equals(docx)).toBe(true);
    ctx.app.get<ViewerConfig>(VIEWER_CONFIG).SOFFICE_PATH = 'soffice';
  }, 180_000);
});
