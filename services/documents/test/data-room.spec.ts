import { DOCUMENT_MSG, LOCKED_MESSAGE, type DocumentDto } from '@brokerage/contracts';
import { hearListingEvents, type ListingEventsEar } from '@brokerage/nest-common/testing';
import { JourneyRelayService } from '../src/journey-events/journey-relay.service.js';
import { PNG, pdfFile } from './support/files.js';
import { ID, LISTING, OTHER_LISTING, UNKNOWN, as, journey, journeyAt, reset, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/** supertest parser: the body as bytes (downloads). */
const binary = (res: { on(e: string, f: (c?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const AREA: Record<Who, string> = { broker: 'broker', agent: 'agent', otherAgent: 'agent', seller: 'seller', otherSeller: 'seller', buyer: 'buyer', otherBuyer: 'buyer' };

/**
 * Issue 23 §2 and §4 on the server: per-document permission (staff choose "View only" / "View and download"), a
 * buyer's access revoked per document or per listing (at once, 403 with a clear message, restorable), versions of a
 * staff document ("v2 of 3" for staff, the current one for clients, the audit names the version).
 */
describe('data room: permissions, revocation, versions (issue 23 §2, §4)', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await reset(ctx);
    ctx.stub.selected.set(ID.buyer, LISTING);
    ctx.stub.selected.set(ID.otherBuyer, LISTING);
  });

  const download = (who: Who, id: string, q = '') => {
    const path = who.endsWith('uyer') || who.endsWith('eller') ? `/${AREA[who]}/download-document/${id}${q}` : `/${AREA[who]}/documents/${id}/download${q}`;
    return ctx.http.get(path).set(as(who)).buffer(true).parse(binary);
  };
  const list = async (who: Who): Promise<DocumentDto[]> => {
    const res = await ctx.http.get(`/${AREA[who]}/listings/${LISTING}/documents`).set(as(who));
    expect(res.status).toBe(200);
    return res.body.documents as DocumentDto[];
  };
  const audit = async () => (await ctx.http.get(`/broker/listings/${LISTING}/activity`).set(as('broker'))).body.downloads as Array<{ documentId: string; user: { id: string }; version: number }>;
  /** Staff routes: a client calls the broker's path (the roles guard answers 403). */
  const staffArea = (who: Who) => (AREA[who] === 'agent' ? 'agent' : 'broker');
  const setPermission = (who: Who, id: string, permission: unknown, listingId = LISTING) =>
    ctx.http.patch(`/${staffArea(who)}/listings/${listingId}/documents/${id}/permission`).set(as(who)).send({ permission });
  const change = (who: Who, action: 'revoke' | 'restore', body: object, buyer: Who = 'buyer', listingId = LISTING) =>
    ctx.http.post(`/${staffArea(who)}/buyers/${ID[buyer]}/listings/${listingId}/${action}`).set(as(who)).send(body);
  const staffUpload = async (who: Who, fields: Record<string, string>, name: string, text = name) =>
    uploadAs(ctx, who, LISTING, fields, { name, bytes: await pdfFile(text) });
  const text = (res: { body: unknown; text?: string }) => (Buffer.isBuffer(res.body) ? res.body.toString('latin1') : JSON.stringify(res.body) + (res.text ?? ''));
  const expectRefused = (res: { status: number; body: unknown; text?: string }, status: number, message: string) => {
    expect(res.status).toBe(status);
    expect(JSON.parse(Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body))).toEqual({ message });
    expect(text(res)).not.toContain('%PDF');
  };

  // ---- §2 per-document permission ----

  it('a staff upload is "View and download" by default; VIEW_ONLY at upload: buyers get no download (403, nothing recorded, list says so), seller and staff keep it', async () => {
    const open = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    expect(open).toMatchObject({ permission: 'VIEW_AND_DOWNLOAD', canDownload: true, version: 1, versionCount: 1 });
    const locked = await staffUpload('agent', { documentType: 'FINANCIAL_DOCUMENTS', audience: 'ALL', permission: 'VIEW_ONLY' }, 'pnl.pdf');
    expect(locked).toMatchObject({ permission: 'VIEW_ONLY', canDownload: true });

    const forBuyer = await list('buyer');
    expect(forBuyer.find((d) => d.id === locked.id)).toMatchObject({ permission: 'VIEW_ONLY', canDownload: false });
    expect(forBuyer.find((d) => d.id === open.id)).toMatchObject({ permission: 'VIEW_AND_DOWNLOAD', canDownload: true });
    expect((await list('seller')).find((d) => d.id === locked.id)).toMatchObject({ canDownload: true });

    for (const q of ['', '?disposition=inline']) expectRefused(await download('buyer', locked.id, q), 403, DOCUMENT_MSG.viewOnly);
    expectRefused(await ctx.http.post(`/buyer/download-agent-document/${locked.id}`).set(as('buyer')).send({ stepId: 4 }), 403, DOCUMENT_MSG.viewOnly);
    expectRefused(await ctx.http.post('/buyer/step/4/download').set(as('buyer')).send({ documentId: locked.id }), 403, DOCUMENT_MSG.viewOnly);
    expect(await audit()).toEqual([]);

    for (const who of ['seller', 'broker', 'agent'] as const) expect((await download(who, locked.id)).status).toBe(200);
    expect((await download('buyer', open.id)).status).toBe(200);
  });

  it('PATCH …/permission: broker and the listing\'s agent change it, effective at the next request; others are refused', async () => {
    const doc = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    expect((await download('buyer', doc.id)).status).toBe(200);

    const set = await setPermission('agent', doc.id, 'VIEW_ONLY');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ message: 'Permission set to View only', document: { id: doc.id, permission: 'VIEW_ONLY', canDownload: true } });
    expect(text(set)).not.toContain('listings/');
    expectRefused(await download('buyer', doc.id), 403, DOCUMENT_MSG.viewOnly);
    expect((await setPermission('broker', doc.id, 'VIEW_AND_DOWNLOAD')).body.message).toBe('Permission set to View and download');
    expect((await download('buyer', doc.id)).status).toBe(200);

    // roles: clients 403 (the guard), an agent of another listing and an unknown or other-listing document 404
    for (const who of ['seller', 'buyer'] as const) expect((await setPermission(who, doc.id, 'VIEW_ONLY')).status).toBe(403);
    expect((await setPermission('otherAgent', doc.id, 'VIEW_ONLY')).status).toBe(404);
    expect((await setPermission('broker', UNKNOWN, 'VIEW_ONLY')).status).toBe(404);
    expect((await setPermission('broker', doc.id, 'VIEW_ONLY', OTHER_LISTING)).status).toBe(404);
    expect((await setPermission('broker', doc.id, 'DOWNLOAD_ONLY')).body).toEqual({ message: 'permission must be VIEW_ONLY or VIEW_AND_DOWNLOAD', field: 'permission' });
    expect((await list('broker')).find((d) => d.id === doc.id)?.permission).toBe('VIEW_AND_DOWNLOAD');
  });

  it('a client cannot set a permission on their own upload: the field is ignored, the file stays theirs to download', async () => {
    const res = await ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(as('buyer')).field('permission', 'VIEW_ONLY').attach('file', PNG, 'proof.png');
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({ permission: 'VIEW_AND_DOWNLOAD', canDownload: true });
    expect((await download('buyer', res.body.document.id)).status).toBe(200);
  });

  it('the journey rule comes first: a buyer before the NDA gets 409 on a view-only document (not 403), a non-party 404', async () => {
    const doc = await staffUpload('broker', { documentType: 'CBR_CIM', permission: 'VIEW_ONLY' }, 'cim.pdf');
    journey(ctx, 'buyer', journeyAt(1));
    expectRefused(await download('buyer', doc.id), 409, LOCKED_MESSAGE);
    journey(ctx, 'buyer', journeyAt(3)); // past the NDA, before the CBR/CIM step
    expectRefused(await download('buyer', doc.id), 409, LOCKED_MESSAGE);
    ctx.stub.parties.set(LISTING, { ...ctx.stub.parties.get(LISTING)!, buyerIds: [ID.otherBuyer] });
    expectRefused(await download('buyer', doc.id), 404, DOCUMENT_MSG.documentNotFound);
  });

  // ---- §2 revocation ----

  it('revoking one document: at once gone from the buyer\'s lists, 403 on its download; other buyers and documents unaffected; restore gives it back', async () => {
    const cim = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    const teaser = await staffUpload('broker', { documentType: 'UPLOADED_DOC', audience: 'BUYERS' }, 'teaser.pdf');
    const revoked = await change('agent', 'revoke', { documentId: cim.id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({
      message: 'Access to the document revoked',
      revocations: [{ buyerId: ID.buyer, documentId: cim.id, revokedAt: expect.any(String), revokedBy: { id: ID.agent, name: 'Avery Agent' } }],
    });

    expect((await list('buyer')).map((d) => d.id)).toEqual([teaser.id]);
    expect((await ctx.http.get('/buyer/cbr-cim').set(as('buyer'))).body.document).toBeNull();
    for (const q of ['', '?disposition=inline']) expectRefused(await download('buyer', cim.id, q), 403, DOCUMENT_MSG.accessRevoked);
    expectRefused(await ctx.http.post(`/buyer/download-agent-document/${cim.id}`).set(as('buyer')).send({ stepId: 4 }), 403, DOCUMENT_MSG.accessRevoked);
    expect((await download('buyer', teaser.id)).status).toBe(200);
    expect((await download('otherBuyer', cim.id)).status).toBe(200);
    expect((await list('otherBuyer')).map((d) => d.id).sort()).toEqual([cim.id, teaser.id].sort());
    // the other buyer learns nothing of it
    expect(text(await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('otherBuyer')))).not.toContain(ID.buyer);

    // idempotent, then restored
    expect((await change('broker', 'revoke', { documentId: cim.id })).body.revocations).toHaveLength(1);
    const restored = await change('broker', 'restore', { documentId: cim.id });
    expect(restored.body).toEqual({ message: 'Access to the document restored', revocations: [] });
    expect((await download('buyer', cim.id)).status).toBe(200);
    expect((await list('buyer')).map((d) => d.id).sort()).toEqual([cim.id, teaser.id].sort());
  });

  it('revoking the whole listing: every list, file and intent route of the buyer answers 403 at once; restore opens them again', async () => {
    const cim = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    const own = (await ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(as('buyer')).attach('file', PNG, 'proof.png')).body.document as DocumentDto;
    const res = await change('broker', 'revoke', {});
    expect(res.body).toMatchObject({ message: "Access to the listing's documents revoked", revocations: [{ buyerId: ID.buyer, documentId: null }] });

    const calls = [
      () => ctx.http.get('/buyer/documents').set(as('buyer')),
      () => ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer')),
      () => ctx.http.get(`/buyer/listings/${LISTING}/agent-documents`).set(as('buyer')),
      () => ctx.http.get('/buyer/cbr-cim').set(as('buyer')),
      () => ctx.http.get('/buyer/closing-documents').set(as('buyer')),
      () => download('buyer', cim.id),
      () => ctx.http.post(`/buyer/download-agent-document/${cim.id}`).set(as('buyer')).send({ stepId: 4 }),
      () => ctx.http.post('/buyer/step/4/download').set(as('buyer')).send({ documentId: cim.id }),
    ];
    for (const call of calls) expectRefused(await call(), 403, DOCUMENT_MSG.listingAccessRevoked);
    // due diligence and uploads too, nothing stored
    const rowsBefore = Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.documents'))[0].n);
    for (const call of [
      () => ctx.http.get(`/buyer/listings/${LISTING}/due-diligence`).set(as('buyer')),
      () => ctx.http.get('/buyer/due-diligence').set(as('buyer')),
      () => ctx.http.post(`/buyer/listings/${LISTING}/due-diligence/request`).set(as('buyer')).send({ documentName: 'Tax Returns (2 years)', requested: true }),
      () => ctx.http.post(`/buyer/listings/${LISTING}/documents`).set(as('buyer')).attach('file', PNG, 'more.png'),
    ]) expectRefused(await call(), 403, DOCUMENT_MSG.listingAccessRevoked);
    expect(Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.documents'))[0].n)).toBe(rowsBefore);
    expect((await download('buyer', own.id)).status).toBe(200); // their own upload stays theirs
    expect(await audit()).toHaveLength(1);
    await ctx.app.get(JourneyRelayService).drain();
    expect(ctx.stub.events.filter((e) => e.stepId === 4)).toEqual([]);
    expect((await list('otherBuyer')).map((d) => d.id)).toEqual([cim.id]);

    expect((await change('agent', 'restore', {})).body).toEqual({ message: "Access to the listing's documents restored", revocations: [] });
    for (const call of calls.slice(0, 6)) expect((await call()).status).toBe(200);
  });

  it('a revoke or restore tells the buyer\'s open screens (ids only, to that buyer alone); a permission change tells the document\'s audience', async () => {
    const ear: ListingEventsEar = await hearListingEvents();
    try {
      const cim = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
      await ear.of(LISTING, 'document.uploaded', 1);
      ear.heard.length = 0;
      await change('broker', 'revoke', { documentId: cim.id });
      await change('broker', 'restore', {});
      const [one, whole] = await ear.of(LISTING, 'document.replaced', 2);
      expect(one).toMatchObject({ listingId: LISTING, userId: ID.buyer, documentId: cim.id, to: { clients: [ID.buyer] } });
      expect(whole).toMatchObject({ listingId: LISTING, userId: ID.buyer, to: { clients: [ID.buyer] } });
      expect(whole).not.toHaveProperty('documentId');
      ear.heard.length = 0;
      await setPermission('agent', cim.id, 'VIEW_ONLY');
      const [changed] = await ear.of(LISTING, 'document.replaced', 1);
      expect(changed).toMatchObject({ documentId: cim.id, to: { clients: 'buyers' } });
    } finally {
      await ear.close();
    }
  });

  it('revoke / restore / revocations: broker and the listing\'s agent only; a non-party buyer 404, a document the buyer does not see 400', async () => {
    const cim = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    const sellerFile = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'books.pdf' });
    const forOther = await staffUpload('broker', { documentType: 'UPLOADED_DOC', buyerId: ID.otherBuyer }, 'other-offer.pdf');
    for (const who of ['seller', 'buyer', 'otherBuyer'] as const) {
      expect((await change(who, 'revoke', {})).status).toBe(403);
      expect((await change(who, 'restore', {})).status).toBe(403);
      expect((await ctx.http.get(`/broker/listings/${LISTING}/revocations`).set(as(who))).status).toBe(403);
    }
    expect((await change('otherAgent', 'revoke', {})).status).toBe(404);
    expect((await ctx.http.get(`/agent/listings/${LISTING}/revocations`).set(as('otherAgent'))).status).toBe(404);
    expect((await change('broker', 'revoke', {}, 'otherSeller')).body).toEqual({ message: DOCUMENT_MSG.buyerNotParty });
    expect((await change('broker', 'revoke', {}, 'buyer', OTHER_LISTING)).status).toBe(404);
    for (const id of [sellerFile.id, forOther.id]) expect((await change('broker', 'revoke', { documentId: id })).body).toEqual({ message: DOCUMENT_MSG.notRevocable });
    expect((await change('broker', 'revoke', { documentId: UNKNOWN })).status).toBe(404);
    expect((await change('broker', 'revoke', { documentId: 'nope' })).status).toBe(400);
    expect((await ctx.http.get(`/broker/listings/${LISTING}/revocations`).set(as('broker'))).body).toEqual({ revocations: [] });

    await change('broker', 'revoke', { documentId: cim.id });
    await change('agent', 'revoke', {}, 'otherBuyer');
    const all = await ctx.http.get(`/agent/listings/${LISTING}/revocations`).set(as('agent'));
    expect(all.body.revocations.map((r: { buyerId: string; documentId: string | null }) => [r.buyerId, r.documentId])).toEqual([[ID.buyer, cim.id], [ID.otherBuyer, null]]);
    expect(text(all)).not.toContain('listings/');
    // a deleted document's revocations go with it
    expect((await ctx.http.delete(`/broker/listings/${LISTING}/documents/${cim.id}`).set(as('broker'))).status).toBe(200);
    expect((await ctx.http.get(`/broker/listings/${LISTING}/revocations`).set(as('broker'))).body.revocations).toHaveLength(1);
  });

  it('a revoked buyer before the NDA still gets 409 first (the listing rule), a revoked buyer removed from the listing 404', async () => {
    const cim = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf');
    await change('broker', 'revoke', {});
    journey(ctx, 'buyer', journeyAt(1));
    expectRefused(await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer')), 409, LOCKED_MESSAGE);
    expectRefused(await download('buyer', cim.id), 409, LOCKED_MESSAGE);
    journey(ctx, 'buyer', journeyAt(10));
    ctx.stub.parties.set(LISTING, { ...ctx.stub.parties.get(LISTING)!, buyerIds: [ID.otherBuyer] });
    expectRefused(await download('buyer', cim.id), 404, DOCUMENT_MSG.documentNotFound);
  });

  // ---- §4 versions ----

  it('same type and name from staff makes versions: staff see "v2 of 3", clients the current one; the audit names the version', async () => {
    const v1 = await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf', 'First CIM');
    const v2 = await staffUpload('agent', { documentType: 'CBR_CIM' }, 'cim.pdf', 'Second CIM');
    const v3 = await staffUpload('broker', { documentType: 'CBR_CIM', permission: 'VIEW_ONLY' }, 'cim.pdf', 'Third CIM');
    expect([v1.version, v2.version, v3.version]).toEqual([1, 2, 3]);
    const other = await staffUpload('broker', { documentType: 'UPLOADED_DOC', audience: 'ALL' }, 'cim.pdf'); // another type: its own document

    const staff = (await list('agent')).filter((d) => d.type === 'CBR_CIM');
    expect(staff.map((d) => [d.id, d.version, d.versionCount])).toEqual([[v3.id, 3, 3], [v2.id, 2, 3], [v1.id, 1, 3]]);
    expect((await list('broker')).find((d) => d.id === other.id)).toMatchObject({ version: 1, versionCount: 1 });

    const buyer = await list('buyer');
    expect(buyer.map((d) => d.id).sort()).toEqual([v3.id, other.id].sort());
    expect((await ctx.http.get('/buyer/cbr-cim').set(as('buyer'))).body.document.id).toBe(v3.id);
    for (const old of [v1.id, v2.id]) expectRefused(await download('buyer', old), 404, DOCUMENT_MSG.documentNotFound);
    // each version keeps its own permission
    expectRefused(await download('buyer', v3.id), 403, DOCUMENT_MSG.viewOnly);
    await setPermission('broker', v3.id, 'VIEW_AND_DOWNLOAD');
    const got = await download('buyer', v3.id);
    expect(got.status).toBe(200);
    expect(got.body.toString('latin1')).not.toContain('First CIM');

    expect((await download('broker', v1.id)).status).toBe(200);
    const trail = await audit();
    expect(trail.map((r) => [r.documentId, r.user.id, r.version])).toEqual([[v1.id, ID.broker, 1], [v3.id, ID.buyer, 3]]);

    // deleting the current version makes the previous one current for clients
    expect((await ctx.http.delete(`/broker/listings/${LISTING}/documents/${v3.id}`).set(as('broker'))).status).toBe(200);
    expect((await list('buyer')).filter((d) => d.type === 'CBR_CIM').map((d) => d.id)).toEqual([v2.id]);
    expect((await download('buyer', v2.id)).status).toBe(200);
    expect((await staffUpload('broker', { documentType: 'CBR_CIM' }, 'cim.pdf')).version).toBe(3);
  });

  it('the listing agreement, contracts, client uploads and per-buyer files keep their own flow: no versions', async () => {
    const a1 = await staffUpload('broker', { documentType: 'LISTING_AGREEMENT' }, 'agreement.pdf');
    const a2 = await staffUpload('broker', { documentType: 'LISTING_AGREEMENT' }, 'agreement.pdf');
    const c1 = await staffUpload('broker', { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, 'contract.pdf');
    const c2 = await staffUpload('broker', { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, 'contract.pdf');
    const forA = await staffUpload('broker', { documentType: 'UPLOADED_DOC', buyerId: ID.buyer }, 'offer.pdf');
    const forB = await staffUpload('broker', { documentType: 'UPLOADED_DOC', buyerId: ID.otherBuyer }, 'offer.pdf');
    const s1 = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'books.pdf' });
    const s2 = await uploadAs(ctx, 'seller', LISTING, { documentType: 'FINANCIAL_DOCUMENTS' }, { name: 'books.pdf' });
    for (const d of [a1, a2, c1, c2, forA, forB, s1, s2]) expect([d.fileName, d.version, d.versionCount]).toEqual([d.fileName, 1, 1]);
    expect((await list('seller')).map((d) => d.id)).toEqual(expect.arrayContaining([a1.id, a2.id, s1.id, s2.id]));
    expect((await list('buyer')).map((d) => d.id)).toEqual(expect.arrayContaining([c1.id, c2.id, forA.id]));
    expect((await list('otherBuyer')).map((d) => d.id)).toContain(forB.id);
  });

  it('parallel staff uploads of one name each get their own version (no 500, no duplicate number)', async () => {
    const bytes = await pdfFile('parallel');
    const results = await Promise.all(Array.from({ length: 4 }, () =>
      ctx.http.post(`/broker/listings/${LISTING}/documents`).set(as('broker')).field('documentType', 'CBR_CIM').attach('file', bytes, 'cim.pdf')));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.document.version).sort()).toEqual([1, 2, 3, 4]);
    expect((await list('buyer')).filter((d) => d.type === 'CBR_CIM').map((d) => d.version)).toEqual([4]);
  });

  it('answers carry no storage key, and a buyer\'s answers no other buyer\'s data', async () => {
    await staffUpload('broker', { documentType: 'CBR_CIM', permission: 'VIEW_ONLY' }, 'cim.pdf');
    await staffUpload('broker', { documentType: 'UPLOADED_DOC', buyerId: ID.otherBuyer }, 'other-offer.pdf');
    await change('broker', 'revoke', {}, 'otherBuyer');
    const keys = await ctx.storage.list('listings/');
    for (const res of [
      await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer')),
      await ctx.http.get(`/broker/listings/${LISTING}/documents`).set(as('broker')),
      await ctx.http.get(`/broker/listings/${LISTING}/revocations`).set(as('broker')),
    ]) {
      expect(res.status).toBe(200);
      for (const key of keys) expect(text(res)).not.toContain(key);
      expect(text(res)).not.toMatch(/storageKey|storage_key/);
    }
    const mine = text(await ctx.http.get(`/buyer/listings/${LISTING}/documents`).set(as('buyer')));
    expect(mine).not.toContain(ID.otherBuyer);
    expect(mine).not.toContain('other-offer');
  });
});
