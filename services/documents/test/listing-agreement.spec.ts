import { DOCUMENT_MSG, LISTING_AGREEMENT_MSG, listingAgreementResponseSchema, listingAgreementUploadResponseSchema } from '@brokerage/contracts';
import { waitFor } from '@brokerage/nest-common/testing';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { EXE, OLE_DOC, PNG, pdfFile } from './support/files.js';
import { ID, LISTING, OTHER_LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** Seller step 3: GET|POST /seller/listing-agreement, the agreement object over the listing's documents. */
describe('GET|POST /seller/listing-agreement', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await reset(ctx);
    ctx.stub.selected.set(ID.seller, LISTING);
  });

  const get = async (who: Who = 'seller', query = '') => {
    const res = await ctx.http.get(`/seller/listing-agreement${query}`).set(as(who));
    if (res.status === 200) listingAgreementResponseSchema.parse(res.body);
    return res;
  };
  const sign = async (file: { name: string; bytes?: Buffer } = { name: 'signed.pdf' }, who: Who = 'seller', query = '') =>
    ctx.http.post(`/seller/listing-agreement${query}`).set(as(who)).attach('file', file.bytes ?? (await pdfFile('signed by Sam Seller')), file.name);
  const provide = (who: Who, name: string) => uploadAs(ctx, who, LISTING, { documentType: 'LISTING_AGREEMENT' }, { name });
  const pause = () => new Promise((r) => setTimeout(r, 15)); // distinct upload times

  it('not provided → awaiting signature → signed; a newer version provided → awaiting again (version 2)', async () => {
    const none = await get();
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      document: null, signedCopies: [],
      agreement: { listingId: LISTING, preparedBy: null, version: 0, document: null, signedCopy: null, signedAt: null, status: 'NOT_PROVIDED' },
    });

    const v1 = await provide('agent', 'listing-agreement-v1.pdf');
    const awaiting = await get();
    expect(awaiting.body.document.id).toBe(v1.id);
    expect(awaiting.body.signedCopies).toEqual([]);
    expect(awaiting.body.agreement).toMatchObject({
      listingId: LISTING, preparedBy: { id: ID.agent, name: 'Avery Agent', role: 'AGENT' }, version: 1,
      signedCopy: null, signedAt: null, status: 'AWAITING_SIGNATURE',
    });
    expect(awaiting.body.agreement.document).toMatchObject({ id: v1.id, fileName: 'listing-agreement-v1.pdf', url: `/api/seller/download-document/${v1.id}` });

    await pause();
    const signed = await sign();
    expect(signed.status).toBe(201);
    listingAgreementUploadResponseSchema.parse(signed.body);
    expect(signed.body.message).toBe('Signed listing agreement uploaded successfully!');
    const copy = signed.body.agreement.signedCopy;
    expect(copy).toMatchObject({ fileName: 'signed.pdf', type: 'LISTING_AGREEMENT', stepId: 2, category: 'SELLER_UPLOAD', uploader: { id: ID.seller, role: 'SELLER' } });
    expect(signed.body.agreement).toMatchObject({ version: 1, status: 'SIGNED', signedAt: copy.uploadedAt, preparedBy: { id: ID.agent } });
    const after = await get();
    expect(after.body.agreement).toEqual(signed.body.agreement);
    expect(after.body.signedCopies.map((d: { id: string }) => d.id)).toEqual([copy.id]);

    await pause();
    const v2 = await provide('agent', 'listing-agreement-v2.pdf');
    const again = await get();
    expect(again.body.document.id).toBe(v2.id);
    expect(again.body.agreement).toMatchObject({ version: 2, status: 'AWAITING_SIGNATURE', signedCopy: null, signedAt: null });
    expect(again.body.agreement.document.id).toBe(v2.id);
    expect(again.body.signedCopies).toHaveLength(1); // the document part still lists every copy the seller uploaded

    await pause();
    const resigned = await sign({ name: 'signed-v2.docx', bytes: Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(5000, 0)]) });
    // a zip header alone is what file-type calls a zip: .docx accepts it
    expect(resigned.status).toBe(201);
    expect(resigned.body.agreement).toMatchObject({ version: 2, status: 'SIGNED', signedCopy: { fileName: 'signed-v2.docx' } });
  });

  it("the broker's agreement stays the current one over a later agent's; the seller's copy made after the broker's signs it", async () => {
    const broker = await provide('broker', 'broker.pdf');
    await pause();
    await sign({ name: 'early.doc', bytes: OLE_DOC });
    await pause();
    await provide('agent', 'agent.pdf');
    const res = await get();
    expect(res.body.document.id).toBe(broker.id);
    expect(res.body.agreement).toMatchObject({ version: 1, preparedBy: { id: ID.broker, name: 'Morgan Broker', role: 'BROKER' }, status: 'SIGNED' });
    expect(res.body.agreement.signedCopy.fileName).toBe('early.doc');
  });

  it('the signed copy completes seller step 2 through the journey outbox (once)', async () => {
    await provide('broker', 'prepared.pdf');
    expect((await sign()).status).toBe(201);
    expect((await sign({ name: 'again.pdf' })).status).toBe(201);
    await waitFor(async () => ctx.stub.events.length >= 1);
    await ctx.app.get(JourneyRelayService).drain();
    expect(ctx.stub.events.map((e) => ({ userId: e.userId, listingId: e.listingId, stepId: e.stepId, source: e.source }))).toEqual([
      { userId: ID.seller, listingId: LISTING, stepId: 2, source: 'documents.signed-listing-agreement' },
    ]);
  });

  it('409 with the spec text before staff provided an agreement; nothing stored, no journey event', async () => {
    const res = await sign();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(LISTING_AGREEMENT_MSG.notProvided);
    expect(res.body.message).toBe('Please contact broker or agent for available listing agreement.');
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
    expect((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.outbox'))[0].n).toBe(0);
  });

  it('a file type other than .pdf .doc .docx, or disguised content, is refused (400) and nothing is kept', async () => {
    await provide('broker', 'prepared.pdf');
    const png = await sign({ name: 'signed.png', bytes: PNG });
    expect(png.status).toBe(400);
    expect(png.body.message).toBe(DOCUMENT_MSG.badExtension('signed.png', ['.pdf', '.doc', '.docx']));
    const exe = await sign({ name: 'signed.pdf', bytes: EXE });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(DOCUMENT_MSG.contentMismatch('signed.pdf'));
    const json = await ctx.http.post('/seller/listing-agreement').set(as('seller')).send({ fileName: 'signed.pdf' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(DOCUMENT_MSG.notMultipart);
    expect(await rowCount(ctx)).toBe(1);
    expect((await get()).body.agreement.status).toBe('AWAITING_SIGNATURE');
  });

  it.each(['buyer', 'broker', 'agent'] as const)('%s: 403 on GET and POST', async (who) => {
    await provide('broker', 'prepared.pdf');
    expect((await get(who)).status).toBe(403);
    expect((await sign(undefined, who)).status).toBe(403);
    expect(await rowCount(ctx)).toBe(1);
  });

  it("a seller of another listing: 404 on this listing's agreement (GET and POST), and their own is not provided", async () => {
    await provide('broker', 'prepared.pdf');
    const otherGet = await get('otherSeller', `?listingId=${LISTING}`);
    expect(otherGet.status).toBe(404);
    expect(otherGet.body.message).toBe(DOCUMENT_MSG.listingNotFound);
    const otherPost = await sign(undefined, 'otherSeller', `?listingId=${LISTING}`);
    expect(otherPost.status).toBe(404);
    expect(otherPost.body.message).toBe(DOCUMENT_MSG.listingNotFound);
    ctx.stub.selected.set(ID.otherSeller, OTHER_LISTING);
    expect((await get('otherSeller')).body.agreement).toMatchObject({ listingId: OTHER_LISTING, status: 'NOT_PROVIDED' });
    expect(await rowCount(ctx)).toBe(1);
  });

  it('without a selected listing: GET answers an empty agreement, POST asks to select a listing', async () => {
    ctx.stub.selected.clear();
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.agreement).toEqual({ listingId: null, preparedBy: null, version: 0, document: null, signedCopy: null, signedAt: null, status: 'NOT_PROVIDED' });
    const post = await sign();
    expect(post.status).toBe(400);
    expect(post.body.message).toBe(DOCUMENT_MSG.noListing);
  });
});
