import { INPUT_MSG } from '@brokerage/contracts';
import { pdfFile } from './support/files.js';
import { LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';

/** Issue 18 §3: a NUL reached PostgreSQL (which refuses 0x00) and answered 500; now 400 at the edge, nothing stored. */
describe('documents: hostile text answers 400', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  it('an upload whose text field holds a NUL → 400 {message, field}, no object, no row', async () => {
    const pdf = await pdfFile();
    for (const [field, value] of [['tag', 'PROFIT_AND_LOSS\u0000'], ['documentType', 'FINANCIAL_DOCUMENTS\u0000']] as const) {
      const fields: Record<string, string> = { documentType: 'FINANCIAL_DOCUMENTS', stepId: '4', [field]: value };
      let req = ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller'));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      const res = await req.attach('file', pdf, 'P&L.pdf');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INPUT_MSG.nul, field });
    }
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
  });

  it('a NUL in a JSON body or a path parameter → 400', async () => {
    const res = await ctx.http.patch(`/seller/documents/${LISTING}%00/tag`).set(as('seller')).send({ tag: null });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: INPUT_MSG.nul });
    const body = await ctx.http.post('/buyer/download-agent-document/00000000-0000-4000-8000-00000000dead').set(as('buyer')).send({ stepId: '4\u0000' });
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ message: INPUT_MSG.nul });
  });
});
