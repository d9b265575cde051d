import { DOCUMENT_MSG, LOCKED_MESSAGE, VIEWER_MSG, VIEWER_PAGE_WIDTHS } from '@brokerage/contracts';
import { routeDefinitionProblems, waitFor } from '@brokerage/nest-common/testing';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PageRenderer } from '../src/viewer/page-renderer.js';
import { PNG } from './support/files.js';
import { ID, LISTING, as, journey, journeyAt, type DocsCtx, type Who } from './support/docs-app.js';
import { pdfText } from './support/pdf-text.js';
import { uploadAs } from './support/upload.js';
import { AREA, binary, viewerSuite } from './support/viewer.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG's width and height from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
/** The {message} of an answer, JSON or read as bytes. */
const message = (res: { body: unknown }): string => (Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString()) : res.body).message;

/**
 * Issue 23 §1: the viewer's page count and page images. The image is rendered from a copy stamped with the viewer's
 * name, e-mail and the date; both are kept per viewer × document (× page) so a page seen again is not rendered again.
 * Access is the download's: a non-party 404, a buyer before the document's step 409, seller and staff allowed.
 */
describe('document viewer: page count and watermarked page images (issue 23 §1)', () => {
  let ctx: DocsCtx;
  let renderer: PageRenderer;
  let original: Buffer;
  let cim: string;
  viewerSuite((w) => ({ ctx, renderer, original, cim } = w));

  const pages = (who: Who, id = cim) => ctx.http.get(`/${AREA[who]}/documents/${id}/pages`).set(as(who));
  const page = (who: Who, n: number | string, id = cim, size?: string) =>
    ctx.http.get(`/${AREA[who]}/documents/${id}/pages/${n}${size ? `?size=${size}` : ''}`).set(as(who)).buffer(true).parse(binary);
  const viewerObjects = () => ctx.storage.list(`listings/${LISTING}/viewer/`);

  it('the viewer\'s handlers are the contracts definitions (gateway table, roles, schemas)', () => {
    expect(routeDefinitionProblems(ctx.app).filter((p) => p.includes('/pages'))).toEqual([]);
  });

  it('a buyer gets the page count, then page n as a PNG of a copy stamped with their name, e-mail and the date', async () => {
    const open = await pages('buyer');
    expect(open.status).toBe(200);
    // and the view ticket its engagement reports carry (engagement.spec: what it stands for)
    expect(open.body).toEqual({ documentId: cim, fileName: 'roastery-cim.pdf', pageCount: 3, ticket: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/) });

    const res = await page('buyer', 2);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const png = res.body as Buffer;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(1000);
    expect(pngSize(png)).toEqual({ width: VIEWER_PAGE_WIDTHS.page, height: Math.round((VIEWER_PAGE_WIDTHS.page * 792) / 612) });
    // the image is the page with the stamp on it: not what the unstamped page renders to
    const plain = await renderer.render(original, 2, VIEWER_PAGE_WIDTHS.page); // the unstamped original's page
    expect(pngSize(plain)).toEqual(pngSize(png));
    expect(plain.equals(png)).toBe(false);

    // the copy it was rendered from carries the stamp on every page, with the page's own text
    const copies = (await viewerObjects()).filter((k) => k.endsWith('copy.pdf'));
    expect(copies).toHaveLength(1);
    const chunks: Buffer[] = [];
    for await (const c of await ctx.storage.get(copies[0]!)) chunks.push(c as Buffer);
    const text = (await pdfText(Buffer.concat(chunks))).split('\f').filter((p) => p.trim());
    expect(text).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    text.forEach((p, i) => {
      expect(p).toContain(`Confidential Business Review page ${i + 1}`);
      expect(p).toContain(`Confidential - provided to Blake Buyer <buyer@example.com> on ${today}`);
    });
    // no answer names where anything is stored
    expect(JSON.stringify(open.body)).not.toMatch(/listings\/|viewer\/|\.pdf\.|copy\.pdf/);
    expect(JSON.stringify(res.headers)).not.toContain('listings/');
  });

  it('a grey page is a 4-bit greyscale PNG (a fraction of a 24-bit one), a page with colour a JPEG', async () => {
    const grey = await page('buyer', 1);
    const png = grey.body as Buffer;
    expect([png[24], png[25]]).toEqual([4, 0]); // bit depth 4, greyscale
    const rgbBytes = VIEWER_PAGE_WIDTHS.page * Math.round((VIEWER_PAGE_WIDTHS.page * 792) / 612) * 3;
    expect(png.length).toBeLessThan(rgbBytes / 50);

    const doc = await PDFDocument.create();
    const p = doc.addPage([612, 792]);
    p.drawRectangle({ x: 100, y: 300, width: 400, height: 300, color: rgb(0.1, 0.5, 0.9) });
    p.drawText('Revenue by year', { x: 100, y: 650, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
    const chart = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'chart.pdf', bytes: Buffer.from(await doc.save()) })).id;
    const colour = await page('buyer', 1, chart);
    expect(colour.status).toBe(200);
    expect(colour.headers['content-type']).toBe('image/jpeg');
    const jpeg = colour.body as Buffer;
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // read again from the cache: the same image, the same type
    const again = await page('buyer', 1, chart);
    expect(again.headers['content-type']).toBe('image/jpeg');
    expect((again.body as Buffer).equals(jpeg)).toBe(true);
  });

  it('a page seen again is read from the cache, not rendered again; each viewer and size is its own', async () => {
    const before = renderer.renders;
    const first = await page('buyer', 1);
    expect(renderer.renders).toBe(before + 1);
    const again = await page('buyer', 1);
    expect(again.status).toBe(200);
    expect(renderer.renders).toBe(before + 1);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);

    const thumb = await page('buyer', 1, cim, 'thumbnail');
    expect(pngSize(thumb.body as Buffer).width).toBe(VIEWER_PAGE_WIDTHS.thumbnail);
    expect(renderer.renders).toBe(before + 2);
    expect((await page('buyer', 1, cim, 'huge')).status).toBe(400);

    // another viewer gets a copy of their own (their stamp), rendered once for them
    const other = await page('otherBuyer', 1);
    expect(other.status).toBe(200);
    expect(renderer.renders).toBe(before + 3);
    expect((other.body as Buffer).equals(first.body as Buffer)).toBe(false);
    expect((await viewerObjects()).filter((k) => k.endsWith('copy.pdf'))).toHaveLength(2);

    // two requests at once for a page not yet rendered render it once
    const [a, b] = await Promise.all([page('buyer', 3), page('buyer', 3)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(renderer.renders).toBe(before + 4);
  });

  it('access is the download\'s: a non-party 404, a buyer before the NDA or the document\'s step 409, seller and staff allowed', async () => {
    for (const who of ['otherSeller', 'otherAgent'] as const) {
      for (const res of [await pages(who), await page(who, 1)]) {
        expect([who, res.status]).toEqual([who, 404]);
        expect(message(res)).toBe(DOCUMENT_MSG.documentNotFound);
      }
    }
    // a document meant for one buyer alone is no other buyer's
    const mine = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'contract.pdf' })).id;
    expect((await pages('otherBuyer', mine)).status).toBe(404);
    expect((await page('otherBuyer', 1, mine)).status).toBe(404);
    expect((await pages('buyer', mine)).status).toBe(200);

    journey(ctx, 'buyer', journeyAt(1)); // selected the listing, NDA not signed
    for (const res of [await pages('buyer'), await page('buyer', 1), await page('buyer', 99)]) {
      expect(res.status).toBe(409);
      expect(message(res)).toBe(LOCKED_MESSAGE);
    }
    journey(ctx, 'buyer', journeyAt(3)); // past the NDA, the CBR/CIM's step 4 not reached
    expect((await pages('buyer')).status).toBe(409);
    expect((await page('buyer', 1)).status).toBe(409);
    journey(ctx, 'buyer', journeyAt(4));
    expect((await page('buyer', 1)).status).toBe(200);

    for (const who of ['broker', 'agent'] as const) {
      expect([who, (await pages(who)).body.pageCount]).toEqual([who, 3]);
      expect([who, (await page(who, 3)).status]).toEqual([who, 200]);
    }
    // the seller views what they may download: a document for everyone, not the buyers' CBR/CIM (404 both ways)
    const memo = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'memo.pdf' })).id;
    expect((await pages('seller', memo)).body.pageCount).toBe(2);
    expect((await page('seller', 2, memo)).status).toBe(200);
    expect((await ctx.http.get(`/seller/download-document/${cim}`).set(as('seller'))).status).toBe(404);
    expect((await pages('seller')).status).toBe(404);
    // another role's area: the role guard's 403
    expect((await ctx.http.get(`/seller/documents/${cim}/pages`).set(as('buyer'))).status).toBe(403);
  });

  it('the data room\'s rule (issue 23 §2): a view-only document is viewable; a revoked buyer is refused at once (403), open viewer included', async () => {
    const viewOnly = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'FINANCIAL_DOCUMENTS', audience: 'ALL', permission: 'VIEW_ONLY' }, { name: 'pnl.pdf' })).id;
    expect((await ctx.http.get(`/buyer/download-document/${viewOnly}`).set(as('buyer'))).status).toBe(403);
    expect((await pages('buyer', viewOnly)).body.pageCount).toBe(2);
    expect((await page('buyer', 1, viewOnly)).status).toBe(200);

    expect((await page('buyer', 1)).status).toBe(200); // an open viewer…
    const revoke = (body: object) => ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send(body);
    expect((await revoke({ documentId: cim })).status).toBeLessThan(300);
    for (const res of [await pages('buyer'), await page('buyer', 1), await page('buyer', 2)]) { // …cached page or not
      expect([res.status, message(res)]).toEqual([403, DOCUMENT_MSG.accessRevoked]);
    }
    expect((await page('buyer', 1, viewOnly)).status).toBe(200);
    expect((await page('otherBuyer', 1)).status).toBe(200);
    expect((await revoke({})).status).toBeLessThan(300);
    const res = await page('buyer', 1, viewOnly);
    expect([res.status, message(res)]).toEqual([403, DOCUMENT_MSG.listingAccessRevoked]);
    expect((await page('broker', 1, viewOnly)).status).toBe(200);
  });

  it('opening a document in the viewer is recorded (audit row, watermarked); a buyer\'s view-only CBR/CIM completes step 4 by it', async () => {
    expect((await ctx.http.patch(`/broker/listings/${LISTING}/documents/${cim}/permission`).set(as('broker')).send({ permission: 'VIEW_ONLY' })).status).toBe(200);
    expect((await ctx.http.get(`/buyer/download-document/${cim}`).set(as('buyer'))).status).toBe(403);
    expect((await pages('buyer')).status).toBe(200);
    for (const n of [1, 2]) expect((await page('buyer', n)).status).toBe(200); // pages are no openings
    const audit = await ctx.http.get(`/broker/documents/${cim}/activity`).set(as('broker'));
    expect(audit.body.downloads.map((d: { user: { id: string }; watermarked: boolean }) => [d.user.id, d.watermarked])).toEqual([[ID.buyer, true]]);
    await waitFor(async () => ctx.stub.events.some((e) => e.userId === ID.buyer && e.stepId === 4));
  });

  it('the staff audit tells a viewer opening (via \'viewer\') from a download of the file (via \'file\'), per row', async () => {
    expect((await pages('buyer')).status).toBe(200); // opened in the viewer
    expect((await ctx.http.get(`/buyer/download-document/${cim}`).set(as('buyer')).buffer(true).parse(binary)).status).toBe(200); // downloaded
    expect((await pages('broker')).status).toBe(200); // staff open it in the viewer too
    const kinds = (body: { downloads: { user: { id: string }; via: string }[] }) => body.downloads.map((d) => [d.user.id, d.via]).sort();
    const expected = [[ID.broker, 'viewer'], [ID.buyer, 'file'], [ID.buyer, 'viewer']];
    for (const path of [`/broker/listings/${LISTING}/activity`, `/agent/documents/${cim}/activity`]) {
      const res = await ctx.http.get(path).set(as(path.startsWith('/agent') ? 'agent' : 'broker'));
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, kinds(res.body)]).toEqual([path, expected]);
    }
    const buyerOnly = await ctx.http.get(`/broker/listings/${LISTING}/activity?userId=${ID.buyer}`).set(as('broker'));
    expect(kinds(buyerOnly.body)).toEqual([[ID.buyer, 'file'], [ID.buyer, 'viewer']]);
  });

  it('a page out of range or not a page number is 404 "Page not found"; a file that is no PDF cannot be viewed (415)', async () => {
    for (const n of ['0', '4', '01', 'x', '-1', '1.5', '9999999']) {
      const res = await page('buyer', n);
      expect([n, res.status, message(res)]).toEqual([n, 404, VIEWER_MSG.pageNotFound]);
    }
    const image = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'photo.png', bytes: PNG })).id;
    expect((await pages('buyer', image)).status).toBe(415);
    const res = await page('buyer', 1, image);
    expect([res.status, message(res)]).toEqual([415, VIEWER_MSG.notViewable]);
  });
});
