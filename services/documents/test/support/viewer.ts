import { PageRenderer } from '../../src/viewer/page-renderer.js';
import { pdfFile } from './files.js';
import { LISTING, reset, startDocs, type DocsCtx, type Who } from './docs-app.js';
import { uploadAs } from './upload.js';

/** supertest parser: the body as bytes. */
export const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** Each caller's role area (where their viewer routes are). */
export const AREA: Record<Who, string> = { broker: 'broker', agent: 'agent', otherAgent: 'agent', seller: 'seller', otherSeller: 'seller', buyer: 'buyer', otherBuyer: 'buyer' };

export interface ViewerWorld {
  ctx: DocsCtx;
  renderer: PageRenderer;
  /** The CIM's bytes as uploaded (unstamped). */
  original: Buffer;
  /** A 3-page CBR/CIM the broker uploaded before each test. */
  cim: string;
}

/**
 * The viewer specs' hooks: the documents app (and its PageRenderer) for the file, and before each test fresh tables
 * with a 3-page "Confidential Business Review" CIM from the broker; `set` is given the world after each.
 */
export function viewerSuite(set: (w: ViewerWorld) => void): void {
  const w = {} as ViewerWorld;
  beforeAll(async () => {
    w.ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
    w.renderer = w.ctx.app.get(PageRenderer);
    set(w);
  });
  afterAll(() => w.ctx.close());
  beforeEach(async () => {
    await reset(w.ctx);
    w.original = await pdfFile('Confidential Business Review', 3);
    w.cim = (await uploadAs(w.ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'roastery-cim.pdf', bytes: w.original })).id;
    set(w);
  });
}
