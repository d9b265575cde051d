import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PdfRenderPool } from '../src/pdf/pdf-render-pool.js';
import { pdfText } from './support/pdf-text.js';

const SERVICE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The renderer module as the worker's threads run it: built by swc into dist/ (Jest itself runs the TypeScript sources). */
const BUILT_THREAD = path.join(SERVICE_DIR, 'dist', 'src', 'pdf', 'pdf-renderer.js');

const content = (n: number) => ({
  title: `Render thread ${n}`,
  lines: [`Paragraph of document ${n}`],
  sections: [{ heading: 'Business', rows: [{ label: 'Name', value: `Shop ${n}` }, { label: 'Employees', value: '' }] }],
});

describe('PdfRenderPool: PDFs rendered off the worker\'s event loop', () => {
  let pool: PdfRenderPool;

  beforeAll(async () => {
    // the launcher's incremental build of documents and what it depends on (contracts), as `npm start` does
    const { buildAll } = (await import(path.join(SERVICE_DIR, '..', '..', 'infra', 'launcher', 'build.mjs'))) as {
      buildAll(o: object): Promise<{ failed: unknown[] }>;
    };
    const built = await buildAll({ only: ['services/documents'], quiet: true, log: () => undefined });
    expect(built.failed).toEqual([]);
    pool = new PdfRenderPool(2, BUILT_THREAD);
  }, 120_000);

  afterAll(async () => {
    await pool?.onModuleDestroy();
  });

  it('renders on its threads: concurrent jobs each get their own complete PDF', async () => {
    expect(pool.threads).toBe(2);
    const pdfs = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.render(content(n))));
    for (const [i, pdf] of pdfs.entries()) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf);
      for (const s of [`Render thread ${i + 1}`, `Paragraph of document ${i + 1}`, `Name: Shop ${i + 1}`, 'Employees: \u2014']) expect(text).toContain(s);
    }
  });

  it('a render that fails in a thread rejects that job only', async () => {
    const broken = { title: 'Broken', lines: [], sections: [{ heading: 'Rows that are not a list', rows: 5 }] } as unknown as Parameters<PdfRenderPool['render']>[0];
    await expect(pool.render(broken)).rejects.toThrow();
    expect(await pdfText(await pool.render(content(6)))).toContain('Render thread 6');
  });

  it('renders on the calling thread when set to 0 threads or when no built renderer module exists', async () => {
    for (const inline of [new PdfRenderPool(0, BUILT_THREAD), new PdfRenderPool(1, path.join(SERVICE_DIR, 'no-such-thread.js'))]) {
      expect(inline.threads).toBe(0);
      expect(await pdfText(await inline.render(content(7)))).toContain('Render thread 7');
      await inline.onModuleDestroy();
    }
  });
});
