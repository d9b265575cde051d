import { inflateSync } from 'node:zlib';
import { jest } from '@jest/globals';
import { DOCUMENT_MSG, LOCKED_MESSAGE, VIEWER_MSG, VIEWER_PAGE_WIDTHS, type ViewerPageText, type ViewerWord } from '@brokerage/contracts';
import { routeDefinitionProblems } from '@brokerage/nest-common/testing';
import { PageRenderer } from '../src/viewer/page-renderer.js';
import { parseBboxLayout } from '../src/viewer/text-layer.js';
import { ID, LISTING, as, journey, journeyAt, type DocsCtx, type Who } from './support/docs-app.js';
import { AREA, binary, viewerSuite } from './support/viewer.js';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  return Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
}

/** A PNG page as its pixels' luminance, row by row: 8-bit RGB or grey (pdftoppm's), or 4-bit grey (the viewer's grey pages). */
function pngGrey(png: Buffer): { width: number; height: number; at(x: number, y: number): number } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[png[25]!]!;
  const depth = png[24]!;
  expect(depth === 8 || (depth === 4 && channels === 1)).toBe(true); // 8 bits, or a 4-bit grey page (the viewer's)
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    if (png.toString('latin1', o + 4, o + 8) === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + len));
    o += len + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = depth === 4 ? (width + 1) >> 1 : width * channels;
  const px = Buffer.alloc(stride * height);
  if (depth === 4) channels = 1; // the filters' byte to the left
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? px[y * stride + i - channels]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? px[(y - 1) * stride + i - channels]! : 0;
      px[y * stride + i] = (v + (filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0)) & 0xff;
    }
  }
  if (depth === 4) return { width, height, at: (x, y) => ((px[y * stride + (x >> 1)]! >> (x & 1 ? 0 : 4)) & 15) * 17 };
  return { width, height, at: (x, y) => px[y * stride + x * channels]! };
}

/** The darkest pixel (0 black … 255 white) of a word's box in an image of the page, and whether two images match there. */
function inBox(img: ReturnType<typeof pngGrey>, w: ViewerWord) {
  const xs = [Math.floor(w.x * img.width), Math.ceil((w.x + w.width) * img.width)];
  const ys = [Math.floor(w.y * img.height), Math.ceil((w.y + w.height) * img.height)];
  const points: Array<[number, number]> = [];
  for (let y = ys[0]!; y < ys[1]!; y++) for (let x = xs[0]!; x < xs[1]!; x++) points.push([x, y]);
  return {
    darkest: Math.min(...points.map(([x, y]) => img.at(x, y))),
    same: (other: ReturnType<typeof pngGrey>) => points.every(([x, y]) => img.at(x, y) === other.at(x, y)),
  };
}

const words = (t: ViewerPageText) => t.lines.flatMap((l) => l.words);
const text = (t: ViewerPageText) => t.lines.map((l) => l.words.map((w) => w.text).join(' '));

/**
 * Issue 23 §1, the viewer's text layer: page n's words with their boxes, read from the same stamped copy as the page
 * image, so the viewer's name and e-mail are among them; the same access rule as the page images (a non-party 404, a
 * buyer before the NDA 409, a revoked buyer 403). And the stamp is in the image where the text layer says it is.
 */
describe('document viewer: the page text layer (issue 23 §1)', () => {
  let ctx: DocsCtx;
  let renderer: PageRenderer;
  let original: Buffer;
  let cim: string;
  viewerSuite((w) => ({ ctx, renderer, original, cim } = w));

  const pageText = (who: Who, n: number | string, id = cim) => ctx.http.get(`/${AREA[who]}/documents/${id}/pages/${n}/text`).set(as(who));
  const pageImage = (who: Who, n: number, id = cim) => ctx.http.get(`/${AREA[who]}/documents/${id}/pages/${n}`).set(as(who)).buffer(true).parse(binary);

  it('the handlers are the contracts definitions (gateway table, roles, schemas)', () => {
    expect(routeDefinitionProblems(ctx.app).filter((p) => p.includes('/text'))).toEqual([]);
  });

  it("a buyer gets page 1's words with boxes: the page's own text and the stamp's name, e-mail and date; read once, then from the cache", async () => {
    const spy = jest.spyOn(renderer, 'poppler');
    const res = await pageText('buyer', 1);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body as ViewerPageText;
    expect(body.page).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(text(body)).toEqual(['Confidential Business Review page 1', `Confidential - provided to Blake Buyer <buyer@example.com> on ${today}`]);
    expect(words(body).map((w) => w.text)).toEqual(expect.arrayContaining(['Blake', 'Buyer', '<buyer@example.com>']));
    for (const w of words(body)) {
      expect(w.x).toBeGreaterThanOrEqual(0);
      expect(w.y).toBeGreaterThanOrEqual(0);
      expect(w.x + w.width).toBeLessThanOrEqual(1);
      expect(w.y + w.height).toBeLessThanOrEqual(1);
      expect(w.width).toBeGreaterThan(0);
      expect(w.height).toBeGreaterThan(0);
    }
    // boxes from the top-left corner: the title (72, 700 from the bottom of 612 × 792) near the top, the stamp's footer at the bottom
    const title = words(body)[0]!;
    expect(title.x).toBeCloseTo(72 / 612, 3);
    expect(title.y).toBeLessThan(0.15);
    expect(body.lines[1]!.words[0]!.y).toBeGreaterThan(0.95);

    // the other pages have their own text; the same page again is read from the cache, not extracted again
    expect(text((await pageText('buyer', 3)).body)[0]).toBe('Confidential Business Review page 3');
    const runs = spy.mock.calls.length;
    expect(runs).toBe(2);
    expect((await pageText('buyer', 1)).body).toEqual(body);
    expect(spy.mock.calls.length).toBe(runs);
    // another viewer's layer names them, not this buyer
    const other = (await pageText('otherBuyer', 1)).body as ViewerPageText;
    expect(text(other)[1]).toContain('Oscar Buyer <otherbuyer@example.com>');
    expect(JSON.stringify(other)).not.toContain('<buyer@example.com>');
    spy.mockRestore();
  });

  it('the page image is not the unstamped original: the stamp is drawn where the text layer puts it, the page\'s own text is as it was', async () => {
    const layer = (await pageText('buyer', 1)).body as ViewerPageText;
    const res = await pageImage('buyer', 1);
    expect(res.status).toBe(200);
    const stamped = pngGrey(res.body as Buffer);
    const plain = pngGrey(await renderer.render(original, 1, VIEWER_PAGE_WIDTHS.page)); // the unstamped original's page 1
    expect([stamped.width, stamped.height]).toEqual([plain.width, plain.height]);

    const email = words(layer).find((w) => w.text === '<buyer@example.com>')!;
    const name = words(layer).find((w) => w.text === 'Blake')!;
    for (const w of [email, name]) {
      expect(inBox(stamped, w).darkest).toBeLessThan(160); // ink where the stamp's words are…
      expect(inBox(plain, w).darkest).toBe(255); // …on a page that is blank there
      expect(inBox(stamped, w).same(plain)).toBe(false);
    }
    const titleWord = words(layer)[0]!;
    expect(inBox(plain, titleWord).darkest).toBeLessThan(160);
    expect(inBox(stamped, titleWord).same(plain)).toBe(true);
  });

  it('access is the page images\': a non-party 404, a buyer before the NDA 409, a revoked buyer 403; a page out of range 404', async () => {
    for (const who of ['otherSeller', 'otherAgent'] as const) {
      const res = await pageText(who, 1);
      expect([who, res.status, res.body.message]).toEqual([who, 404, DOCUMENT_MSG.documentNotFound]);
    }
    journey(ctx, 'buyer', journeyAt(1)); // selected the listing, NDA not signed
    for (const res of [await pageText('buyer', 1), await pageText('buyer', 99)]) expect([res.status, res.body.message]).toEqual([409, LOCKED_MESSAGE]);
    journey(ctx, 'buyer', journeyAt(4));
    expect((await pageText('buyer', 1)).status).toBe(200);
    for (const who of ['broker', 'agent'] as const) expect([who, (await pageText(who, 2)).status]).toEqual([who, 200]);
    expect((await ctx.http.get(`/seller/documents/${cim}/pages/1/text`).set(as('buyer'))).status).toBe(403); // another role's area

    for (const n of ['0', '4', 'x', '01']) {
      const res = await pageText('buyer', n);
      expect([n, res.status, res.body.message]).toEqual([n, 404, VIEWER_MSG.pageNotFound]);
    }

    const revoke = await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({ documentId: cim });
    expect(revoke.status).toBeLessThan(300);
    for (const n of [1, 2]) { // cached layer or not
      const res = await pageText('buyer', n);
      expect([res.status, res.body.message]).toEqual([403, DOCUMENT_MSG.accessRevoked]);
    }
    expect((await pageText('otherBuyer', 1)).status).toBe(200);
  });

  it('pdftotext\'s XHTML: entities decoded, boxes as fractions of the page, empty lines and a page without text give no lines', () => {
    const xhtml = `<doc><page width="200.000000" height="400.000000"><flow><block>
      <line xMin="20" yMin="40" xMax="180" yMax="60"><word xMin="20.000000" yMin="40.000000" xMax="60.000000" yMax="60.000000">A&amp;B</word><word xMin="70" yMin="40" xMax="180" yMax="60">&lt;x@y.com&gt;&#233;</word></line>
      <line xMin="0" yMin="0" xMax="1" yMax="1"></line></block></flow></page></doc>`;
    expect(parseBboxLayout(xhtml, 2)).toEqual({
      page: 2,
      lines: [{ words: [{ text: 'A&B', x: 0.1, y: 0.1, width: 0.2, height: 0.05 }, { text: '<x@y.com>é', x: 0.35, y: 0.1, width: 0.55, height: 0.05 }] }],
    });
    expect(parseBboxLayout('<doc><page width="612" height="792"></page></doc>', 1)).toEqual({ page: 1, lines: [] });
  });
});
