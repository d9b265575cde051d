import { DOCUMENT_MSG, DOCUMENT_TAG_MSG } from '@brokerage/contracts';
import { PNG, pdfFile } from './support/files.js';
import { ID, LISTING, UNKNOWN, as, objects, reset, rowCount, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

const SELLER_KEYS =
  'PNL_BALANCE_SHEETS, FFE_LIST, BROCHURES, BUSINESS_PLANS, ORG_CHART, AR_AGING, PREMISES_LEASE, PROJECTIONS, EQUIPMENT_PICTURES';
const BUYER_KEYS =
  'PERSONAL_FINANCIAL_STATEMENT, BANK_STATEMENTS, TAX_RETURNS, CREDIT_REPORT, PROOF_OF_INCOME, LETTER_OF_INTENT, PROOF_OF_FUNDS, CORPORATE_DOCUMENTS, REFERENCES, RESUME';

describe('document tags: which requested document a client upload is (issues 11 and 12)', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const tagOf = async (id: string) => (await ctx.ds.query('SELECT tag FROM documents.documents WHERE id = $1', [id]))[0].tag as string | null;

  describe('upload with a tag field (sent before the files)', () => {
    it('a seller tags financial documents: stored, answered and listed on step 4 with the tag', async () => {
      const res = await ctx.http.post('/seller/documents/upload').set(as('seller'))
        .field('listingId', LISTING).field('documentType', 'FINANCIAL_DOCUMENTS').field('stepId', '4').field('tag', 'PREMISES_LEASE')
        .attach('file', await pdfFile('lease'), 'lease.pdf').attach('file', PNG, 'lease-page-2.png');
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('2 files uploaded successfully');
      expect(res.body.documents.map((d: { tag: string }) => d.tag)).toEqual(['PREMISES_LEASE', 'PREMISES_LEASE']);
      expect(await tagOf(res.body.document.id)).toBe('PREMISES_LEASE');
      const list = await ctx.http.get(`/seller/step/4/documents?listingId=${LISTING}`).set(as('seller'));
      expect(list.status).toBe(200);
      expect(list.body.documents.map((d: { fileName: string; tag: string }) => [d.fileName, d.tag]).sort()).toEqual([
        ['lease-page-2.png', 'PREMISES_LEASE'],
        ['lease.pdf', 'PREMISES_LEASE'],
      ]);
    });

    it('a buyer tags own documents; staff see the tag; an untagged upload answers tag null', async () => {
      const tagged = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC', stepId: '5', tag: 'PROOF_OF_FUNDS' }, { name: 'funds.pdf' });
      expect(tagged).toMatchObject({ fileName: 'funds.pdf', type: 'UPLOADED_DOC', category: 'BUYER_UPLOAD', tag: 'PROOF_OF_FUNDS' });
      const plain = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC', stepId: '5' }, { name: 'other.pdf' });
      expect(plain.tag).toBeNull();
      const emptyField = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC', tag: '' }, { name: 'blank.pdf' });
      expect(emptyField.tag).toBeNull();
      const own = await ctx.http.get(`/buyer/documents?listingId=${LISTING}`).set(as('buyer'));
      expect(Object.fromEntries(own.body.documents.map((d: { fileName: string; tag: string | null }) => [d.fileName, d.tag]))).toEqual({
        'funds.pdf': 'PROOF_OF_FUNDS', 'other.pdf': null, 'blank.pdf': null,
      });
      const staff = await ctx.http.get(`/broker/buyers/${ID.buyer}/listings/${LISTING}/documents`).set(as('broker'));
      expect(staff.status).toBe(200);
      expect(staff.body.documents.find((d: { fileName: string }) => d.fileName === 'funds.pdf').tag).toBe('PROOF_OF_FUNDS');
    });

    const refused = async (who: Who, fields: Record<string, string>, message: string) => {
      let req = ctx.http.post(`/${who}/listings/${LISTING}/documents`).set(as(who));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      const res = await req.attach('file', await pdfFile(), 'a.pdf').attach('file', PNG, 'b.png');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await rowCount(ctx)).toBe(0);
      expect(await objects(ctx)).toEqual([]);
    };

    it('an unknown tag is 400 with the valid keys named, and nothing is stored', async () => {
      await refused('seller', { documentType: 'FINANCIAL_DOCUMENTS', tag: 'NOT_A_TAG' }, `Unknown document tag: use one of ${SELLER_KEYS}`);
      await refused('buyer', { documentType: 'UPLOADED_DOC', tag: 'NOT_A_TAG' }, `Unknown document tag: use one of ${BUYER_KEYS}`);
      expect(DOCUMENT_TAG_MSG.unknown('SELLER_FINANCIAL_DOCUMENTS')).toBe(`Unknown document tag: use one of ${SELLER_KEYS}`);
    });

    it("a key of the other checklist is unknown for this upload (a buyer's tag on a seller's financials and back)", async () => {
      await refused('seller', { documentType: 'FINANCIAL_DOCUMENTS', tag: 'PROOF_OF_FUNDS' }, `Unknown document tag: use one of ${SELLER_KEYS}`);
      await refused('buyer', { documentType: 'UPLOADED_DOC', tag: 'PREMISES_LEASE' }, `Unknown document tag: use one of ${BUYER_KEYS}`);
    });

    it('a tag on a document that takes none (a listing agreement, a staff upload) is 400, nothing stored', async () => {
      await refused('seller', { documentType: 'UPLOADED_DOC', tag: 'PREMISES_LEASE' }, 'This document cannot be tagged');
      await refused('broker', { documentType: 'FINANCIAL_DOCUMENTS', tag: 'PREMISES_LEASE' }, 'This document cannot be tagged');
    });

    it('an over-long tag is 400 and a tag field after a file is refused (fields come first), nothing stored', async () => {
      await refused('seller', { documentType: 'FINANCIAL_DOCUMENTS', tag: 'X'.repeat(61) }, 'tag must be at most 60 characters');
      const res = await ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller'))
        .field('documentType', 'FINANCIAL_DOCUMENTS').attach('file', await pdfFile(), 'a.pdf').field('tag', 'PREMISES_LEASE');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: DOCUMENT_MSG.fieldAfterFile });
      expect(await rowCount(ctx)).toBe(0);
      expect(await objects(ctx)).toEqual([]);
    });
  });

  describe('PATCH /seller|buyer/documents/{id}/tag', () => {
    const patch = (who: Who, area: 'seller' | 'buyer', id: string, body: object) =>
      ctx.http.patch(`/${area}/documents/${id}/tag`).set(as(who)).send(body);

    it('the seller re-tags and untags their own financial document', async () => {
      const doc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS', stepId: '4' }, { name: 'pl.pdf' });
      expect(doc.tag).toBeNull();
      const set = await patch('seller', 'seller', doc.id, { tag: 'PNL_BALANCE_SHEETS' });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ message: 'Document tag updated', document: { id: doc.id, fileName: 'pl.pdf', tag: 'PNL_BALANCE_SHEETS' } });
      expect(await tagOf(doc.id)).toBe('PNL_BALANCE_SHEETS');
      const cleared = await patch('seller', 'seller', doc.id, { tag: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ message: 'Document tag removed', document: { id: doc.id, tag: null } });
      expect(await tagOf(doc.id)).toBeNull();
    });

    it('the buyer re-tags their own upload; a bad or missing tag is 400 and leaves it as it was', async () => {
      const doc = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC', tag: 'RESUME' }, { name: 'cv.pdf' });
      const res = await patch('buyer', 'buyer', doc.id, { tag: 'REFERENCES' });
      expect(res.status).toBe(200);
      expect(res.body.document.tag).toBe('REFERENCES');
      const bad = await patch('buyer', 'buyer', doc.id, { tag: 'PREMISES_LEASE' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: `Unknown document tag: use one of ${BUYER_KEYS}` });
      const missing = await patch('buyer', 'buyer', doc.id, {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('tag must be text or null');
      expect(await tagOf(doc.id)).toBe('REFERENCES');
    });

    it('a document that takes no tag cannot be tagged (400), but clearing is a no-op 200', async () => {
      const doc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'LISTING_AGREEMENT' }, { name: 'signed.pdf' });
      const res = await patch('seller', 'seller', doc.id, { tag: 'PREMISES_LEASE' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'This document cannot be tagged' });
      const clear = await patch('seller', 'seller', doc.id, { tag: null });
      expect(clear.status).toBe(200);
      expect(clear.body.document.tag).toBeNull();
    });

    it('another party (another buyer, the seller of another listing), a staff document the seller sees, an unknown id: 404', async () => {
      const buyerDoc = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'mine.pdf' });
      const other = await patch('otherBuyer', 'buyer', buyerDoc.id, { tag: 'RESUME' });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ message: 'Document not found' });

      const sellerDoc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
      const otherSeller = await patch('otherSeller', 'seller', sellerDoc.id, { tag: 'ORG_CHART' });
      expect(otherSeller.status).toBe(404);
      expect(otherSeller.body).toEqual({ message: 'Document not found' });

      const staffDoc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'FINANCIAL_DOCUMENTS', audience: 'SELLER' }, { name: 'broker.pdf' });
      const notOwn = await patch('seller', 'seller', staffDoc.id, { tag: null });
      expect(notOwn.status).toBe(404);
      expect(notOwn.body).toEqual({ message: 'Document not found' });

      const unknown = await patch('seller', 'seller', UNKNOWN, { tag: null });
      expect(unknown.status).toBe(404);
      expect(await tagOf(buyerDoc.id)).toBeNull();
      expect(await tagOf(sellerDoc.id)).toBeNull();
    });

    it('a wrong role is 403 (buyer on the seller route and back, broker, agent); no identity is 401', async () => {
      const sellerDoc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'pl.pdf' });
      const buyerDoc = await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'cv.pdf' });
      for (const [who, area, id] of [
        ['buyer', 'seller', sellerDoc.id],
        ['broker', 'seller', sellerDoc.id],
        ['agent', 'seller', sellerDoc.id],
        ['seller', 'buyer', buyerDoc.id],
        ['broker', 'buyer', buyerDoc.id],
        ['agent', 'buyer', buyerDoc.id],
      ] as const) {
        const res = await patch(who, area, id, { tag: null });
        expect([who, area, res.status]).toEqual([who, area, 403]);
      }
      const anon = await ctx.http.patch(`/seller/documents/${sellerDoc.id}/tag`).send({ tag: null });
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({ message: 'Authentication required' });
    });

    it('a malformed id is 400', async () => {
      const res = await patch('seller', 'seller', 'nope', { tag: null });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('documentId must be a uuid');
    });
  });
});
