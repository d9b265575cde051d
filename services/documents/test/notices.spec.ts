import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { noticeCommandSchema, type NoticeCommand } from '@brokerage/contracts';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { NAMES, request, resetDd, staffUpload } from './due-diligence-support.js';
import { ID, LISTING, OTHER_LISTING, as, journey, journeyAt, startDocs, type DocsCtx } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';
import { pdfFile } from './support/files.js';

type Row = { id: string; payload: NoticeCommand };

/** Identity's POST /internal/notices as a stub: the commands it took (a repeated eventId is accepted once). */
async function startIdentity(): Promise<{ url: string; notices: NoticeCommand[]; callers: string[]; close(): Promise<void> }> {
  const got = { notices: [] as NoticeCommand[], callers: [] as string[] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/internal/notices') return void res.writeHead(404).end('{"message":"Not found"}');
      const token = String(req.headers['x-identity-token'] ?? '');
      got.callers.push(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}').sub);
      const n = noticeCommandSchema.parse(JSON.parse(body));
      const repeat = got.notices.some((x) => x.eventId === n.eventId);
      if (!repeat) got.notices.push(n);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: repeat ? 0 : 1 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ...got, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * The documents service's e-mail notices (issue 24 §2): document-shared to the clients who may see staff's files, and
 * due-diligence (a buyer's requests to staff, staff's file to the buyer), each a `notice` row of documents.outbox
 * written with the change, relayed to identity. Never a file name or content in them.
 */
describe('documents notices (outbox kind notice → identity)', () => {
  let ctx: DocsCtx;
  let identity: Awaited<ReturnType<typeof startIdentity>>;
  let savedIdentityUrl: string | undefined;
  beforeAll(async () => {
    identity = await startIdentity();
    savedIdentityUrl = process.env.IDENTITY_URL;
    process.env.IDENTITY_URL = identity.url;
    ctx = await startDocs();
  });
  afterAll(async () => {
    await ctx.close();
    await identity.close();
    if (savedIdentityUrl === undefined) delete process.env.IDENTITY_URL; else process.env.IDENTITY_URL = savedIdentityUrl;
  });
  beforeEach(async () => {
    await resetDd(ctx);
    ctx.stub.titles.set(LISTING, 'Roastery');
    identity.notices.length = 0;
  });

  const notices = async (kind?: string): Promise<Row[]> =>
    (await ctx.ds.query(`SELECT id, payload FROM documents.outbox WHERE kind = 'notice' ORDER BY created_at, id`) as Row[])
      .filter((r) => !kind || r.payload.kind === kind);
  const relay = () => ctx.app.get(JourneyRelayService).drain();
  const recipients = (rows: Row[]) => rows.map((r) => r.payload.recipients);

  it('a staff file for all buyers → one notice to the buyers past their NDA (a buyer before it is none), no file name', async () => {
    journey(ctx, 'otherBuyer', journeyAt(1)); // before the NDA
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM', stepId: '4' }, { name: 'Roastery-CIM-confidential.pdf' });
    const rows = await notices();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({
      kind: 'document-shared', recipients: { userIds: [ID.buyer] }, listingId: LISTING, listingTitle: 'Roastery', actorName: 'Morgan Broker',
      headline: 'Morgan Broker shared a document with you on Roastery', link: '/buyer/cbr-cim',
    });
    expect(JSON.stringify(rows)).not.toContain('CIM-confidential');
    await relay();
    expect(identity.notices).toEqual([expect.objectContaining({ eventId: rows[0]!.id, kind: 'document-shared' })]);
    expect(identity.callers).toContain('service:documents');
  });

  it('a file for everyone → the seller and the buyers, each on their own screen; a seller\'s own file and a buyer\'s upload tell no one', async () => {
    await uploadAs(ctx, 'agent', LISTING, { documentType: 'CLOSING_DOCS', stepId: '9' });
    const rows = await notices();
    expect(rows.map((r) => [r.payload.recipients, r.payload.link])).toEqual([
      [{ userIds: [ID.seller] }, '/seller/closing-docs'],
      [{ userIds: [ID.buyer, ID.otherBuyer] }, '/buyer/closing-docs'],
    ]);
    await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS', stepId: '4' });
    await uploadAs(ctx, 'buyer', LISTING, { documentType: 'UPLOADED_DOC', stepId: '5' });
    expect(await notices()).toHaveLength(2);
  });

  it('a buyer-specific file → that buyer alone, and only past their NDA; a buyer taken out of the listing\'s documents is none', async () => {
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', stepId: '6', buyerId: ID.otherBuyer });
    expect(recipients(await notices())).toEqual([{ userIds: [ID.otherBuyer] }]);
    journey(ctx, 'otherBuyer', journeyAt(2)); // NDA step reached, not completed
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', stepId: '6', buyerId: ID.otherBuyer });
    expect(await notices()).toHaveLength(1);
    await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({}).expect((r) => expect(r.status).toBeLessThan(300));
    await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM', stepId: '4' });
    expect(await notices()).toHaveLength(1); // buyer revoked, otherBuyer before the NDA: nobody
  });

  it('due-diligence request → one notice per staff audience (brokers, the agent) naming the buyer; asking again writes none', async () => {
    expect((await request(ctx, 'buyer', NAMES.tax)).status).toBeLessThan(300);
    const rows = await notices();
    expect(rows.map((r) => [r.payload.kind, r.payload.recipients, r.payload.link])).toEqual([
      ['due-diligence', { brokers: true }, `/broker/buyers/${ID.buyer}/${LISTING}`],
      ['due-diligence', { userIds: [ID.agent] }, `/agent/buyers/${ID.buyer}/${LISTING}`],
    ]);
    expect(rows[0]!.payload.headline).toBe('Blake Buyer requested a due-diligence document on Roastery');
    expect((await request(ctx, 'buyer', NAMES.tax)).status).toBeLessThan(300);
    expect(await notices()).toHaveLength(2);
  });

  it('staff\'s due-diligence file → one due-diligence notice to that buyer (not document-shared too); none before their NDA', async () => {
    const res = await staffUpload(ctx, 'broker', { documentName: NAMES.fin, buyerId: ID.buyer, fileName: 'p-and-l-2025.pdf', bytes: await pdfFile('p-and-l-2025.pdf') });
    expect(res.status).toBe(201);
    const rows = await notices();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({
      kind: 'due-diligence', recipients: { userIds: [ID.buyer] }, link: '/buyer/due-diligence',
      headline: `Morgan Broker added “${NAMES.fin}” to your due diligence on Roastery`,
    });
    expect(JSON.stringify(rows)).not.toContain('p-and-l');
    journey(ctx, 'otherBuyer', journeyAt(1));
    expect((await staffUpload(ctx, 'broker', { buyerId: ID.otherBuyer })).status).toBe(201);
    expect(await notices()).toHaveLength(1);
  });

  it('listings down for the title: the notice goes without it (the upload does not fail)', async () => {
    // a listing whose title was never read (titles are kept 30 s), its buyer past the NDA
    ctx.stub.parties.set(OTHER_LISTING, { listingId: OTHER_LISTING, sellerId: ID.otherSeller, agentId: ID.otherAgent, buyerIds: [ID.buyer] });
    journey(ctx, 'buyer', journeyAt(10), OTHER_LISTING);
    await uploadAs(ctx, 'broker', OTHER_LISTING, { documentType: 'CBR_CIM', stepId: '4' });
    const [row] = await notices();
    expect(row!.payload.headline).toBe('Morgan Broker shared a document with you');
    expect(row!.payload).not.toHaveProperty('listingTitle');
  });
});
