import { pdfFile } from './support/files.js';
import { LISTING, as, objects, reset, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/**
 * Issue 23 §1: the viewer keeps a stamped copy and page images per viewer × document in S3; deleting the document
 * removes them with its file (a deleted CIM's pages, stamped with buyers' names, must not stay in the bucket).
 */
describe('a deleted document\'s viewer objects are removed from S3', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const upload = async (name: string) => uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name, bytes: await pdfFile(name, 2) });
  const view = async (area: 'buyer' | 'agent', id: string, n: number) => {
    const res = await ctx.http.get(`/${area}/documents/${id}/pages/${n}`).set(as(area));
    expect(res.status).toBe(200);
  };
  const underViewer = async (id: string) => (await objects(ctx)).filter((k) => k.startsWith(`listings/${LISTING}/viewer/${id}/`));

  it('the viewers\' stamped copies and page images of a deleted document are gone; another document\'s stay', async () => {
    const cim = await upload('cim.pdf');
    const other = await upload('teaser.pdf');
    await view('buyer', cim.id, 1);
    await view('buyer', cim.id, 2);
    await view('agent', cim.id, 1);
    await view('buyer', other.id, 1);
    const made = await underViewer(cim.id);
    expect(made.filter((k) => k.endsWith('copy.pdf'))).toHaveLength(2); // the buyer's and the agent's
    expect(made.filter((k) => k.endsWith('.png'))).toHaveLength(3);
    const kept = await underViewer(other.id);
    expect(kept.length).toBeGreaterThan(0);

    const del = await ctx.http.delete(`/broker/listings/${LISTING}/documents/${cim.id}`).set(as('broker'));
    expect(del.status).toBe(200);
    expect(await underViewer(cim.id)).toEqual([]);
    expect((await objects(ctx)).filter((k) => k.includes(cim.id))).toEqual([]);
    expect(await underViewer(other.id)).toEqual(kept);
    expect((await ctx.http.get(`/buyer/documents/${cim.id}/pages/1`).set(as('buyer'))).status).toBe(404);
  });
});
