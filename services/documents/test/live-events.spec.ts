import { listingEventsChannel, ndaCompleted } from '@brokerage/contracts';
import { listingEventRecipients, type ListingEventNotice } from '@brokerage/contracts/live-events';
import { hearListingEvents, type ListingEventsEar } from '@brokerage/nest-common/testing';
import { NAMES, request, resetDd, sellerUpload, staffUpload } from './due-diligence-support.js';
import { ID, LISTING, OTHER_LISTING, as, journey, journeyAt, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/**
 * Issue 19 §2: every document and due-diligence change publishes its ids-only event on the listing's channel, with
 * the audience of the document (contracts canSee's rule); the recipients are worked out as checklists' relay does,
 * from the parties listings answers (buyers past their NDA) and the active brokers.
 */
describe('live document and due-diligence events', () => {
  let ctx: DocsCtx;
  let ear: ListingEventsEar;

  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
    ear = await hearListingEvents();
  });
  afterAll(async () => {
    await ear.close();
    await ctx.close();
  });
  beforeEach(async () => {
    await resetDd(ctx);
    ear.heard.length = 0;
    journey(ctx, 'otherBuyer', journeyAt(1)); // an interested buyer before the NDA
  });

  const notices = (type: string, n = 1) => ear.of(LISTING, type, n);
  /** The relay's answer for this notice: listings' parties (the stub) with the buyers past their NDA. */
  function recipients(n: ListingEventNotice): string[] {
    const p = ctx.stub.parties.get(n.listingId)!;
    const ndaBuyerIds = p.buyerIds.filter((b) => ndaCompleted(ctx.stub.journeys.get(`${n.listingId}:${b}`)));
    return listingEventRecipients(n.to, { ...p, ndaBuyerIds }, [ID.broker]).sort();
  }
  const ids = (...who: Who[]) => who.map((w) => ID[w]).sort();
  const eventKeys = (n: ListingEventNotice) => Object.keys(n).filter((k) => k !== 'to').sort();

  it('a staff CIM for the buyers: staff and the buyer past the NDA, not the one before it, not the seller, not another listing\'s parties; ids only', async () => {
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'secret-cim.pdf' });
    const [n] = await notices('document.uploaded');
    expect(n).toMatchObject({ listingId: LISTING, documentId: doc.id });
    expect(eventKeys(n!)).toEqual(['at', 'documentId', 'listingId', 'type']);
    expect(JSON.stringify(n)).not.toContain('secret');
    expect(recipients(n!)).toEqual(ids('broker', 'agent', 'buyer'));
  });

  it('a staff file for one buyer: staff and that buyer only (another buyer past the NDA gets nothing); deleted: the same', async () => {
    journey(ctx, 'otherBuyer', journeyAt(10));
    const doc = await uploadAs(ctx, 'agent', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'contract.pdf' });
    const [up] = await notices('document.uploaded');
    expect(recipients(up!)).toEqual(ids('broker', 'agent', 'buyer'));
    expect((await ctx.http.delete(`/agent/listings/${LISTING}/documents/${doc.id}`).set(as('agent'))).status).toBe(200);
    const [del] = await notices('document.deleted');
    expect(del).toMatchObject({ documentId: doc.id, userId: ID.buyer });
    expect(recipients(del!)).toEqual(ids('broker', 'agent', 'buyer'));
  });

  it('the seller\'s own upload, re-tagged: staff and the seller, no buyer', async () => {
    const doc = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS', stepId: '4' }, { name: 'ledger.pdf' });
    const [up] = await notices('document.uploaded');
    expect(recipients(up!)).toEqual(ids('broker', 'agent', 'seller'));
    expect((await ctx.http.patch(`/seller/documents/${doc.id}/tag`).set(as('seller')).send({ tag: null })).status).toBe(200);
    const [replaced] = await notices('document.replaced');
    expect(recipients(replaced!)).toEqual(ids('broker', 'agent', 'seller'));
  });

  it('a due-diligence request: staff, the seller and the buyer who asked; a staff file for them: dd.file to staff and that buyer', async () => {
    expect((await request(ctx, 'buyer', NAMES.tax)).status).toBe(200);
    const [req] = await notices('dd.requested');
    expect(req).toMatchObject({ listingId: LISTING, userId: ID.buyer });
    expect(recipients(req!)).toEqual(ids('broker', 'agent', 'seller', 'buyer'));
    expect((await staffUpload(ctx, 'broker', { documentName: NAMES.tax, buyerId: ID.buyer })).status).toBe(201);
    const [file] = await notices('dd.file');
    expect(recipients(file!)).toEqual(ids('broker', 'agent', 'buyer'));
    expect((await sellerUpload(ctx, 'seller', { docType: 'TAX_RETURNS' })).status).toBe(201);
    const [, sellerFile] = await notices('dd.file', 2);
    expect(recipients(sellerFile!)).toEqual(ids('broker', 'agent', 'seller'));
  });

  it('a client\'s upload answers once listings has its journey event (the step\'s live event follows the answer, not the next round)', async () => {
    const res = await ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller'))
      .field('documentType', 'FINANCIAL_DOCUMENTS').field('stepId', '4').attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'ledger.pdf');
    expect(res.status).toBe(201);
    expect(ctx.stub.events).toEqual([expect.objectContaining({ userId: ID.seller, listingId: LISTING, stepId: 4 })]);
  });

  it('a refused upload publishes nothing, and nothing goes to another listing\'s channel', async () => {
    const res = await ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(as('otherBuyer')).attach('file', Buffer.from('%PDF-1.4'), 'x.pdf');
    expect(res.status).toBe(409);
    await ear.settled();
    expect(ear.heard).toEqual([]);
    expect(ear.heard.filter((h) => h.channel === listingEventsChannel(OTHER_LISTING))).toEqual([]);
  });
});
