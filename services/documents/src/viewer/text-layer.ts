import { Inject, Injectable } from '@nestjs/common';
import type { IdentityClaims, ViewerPageText, ViewerWord } from '@brokerage/contracts';
import { VIEWER_CONFIG, type ViewerConfig } from '../config/viewer-config.js';
import { PageRenderer } from './page-renderer.js';
import { ViewerService } from './viewer.service.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] !== '#' ? (ENTITIES[e] ?? m) : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
const attr = (tag: string, name: string) => Number(new RegExp(`\\b${name}="([-\\d.]+)"`).exec(tag)?.[1] ?? NaN);
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * The words of pdftotext -bbox-layout's XHTML (one page) with their boxes as fractions of the page, by line in reading
 * order. Empty lines are left out; a page without text has no lines.
 */
export function parseBboxLayout(xhtml: string, page: number): ViewerPageText {
  const pageTag = /<page\b[^>]*>/.exec(xhtml)?.[0] ?? '';
  const width = attr(pageTag, 'width');
  const height = attr(pageTag, 'height');
  if (!(width > 0 && height > 0)) return { page, lines: [] };
  const lines: ViewerPageText['lines'] = [];
  for (const [, body] of xhtml.matchAll(/<line\b[^>]*>([\s\S]*?)<\/line>/g)) {
    const words: ViewerWord[] = [];
    for (const [, tag, text] of body!.matchAll(/<word\b([^>]*)>([\s\S]*?)<\/word>/g)) {
      const [x0, y0, x1, y1] = ['xMin', 'yMin', 'xMax', 'yMax'].map((a) => attr(tag!, a)) as [number, number, number, number];
      const word = unescapeXml(text!);
      if (!word || [x0, y0, x1, y1].some(Number.isNaN)) continue;
      words.push({ text: word, x: round(x0 / width), y: round(y0 / height), width: round((x1 - x0) / width), height: round((y1 - y0) / height) });
    }
    if (words.length) lines.push({ words });
  }
  return { page, lines };
}

/**
 * The viewer's text layer (issue 23 §1): page n's words and boxes, read by poppler's pdftotext from the same stamped
 * copy as the page image (so the stamp's footer line, the viewer's name, e-mail and date, is in it; the diagonal
 * stamp is left out, -nodiag: it would come out as letters scattered over the page). Same access rule and cache as the
 * page images: kept in S3 beside them, made once per viewer × document × page.
 */
@Injectable()
export class TextLayerService {
  constructor(
    private readonly viewer: ViewerService,
    private readonly poppler: PageRenderer,
    @Inject(VIEWER_CONFIG) private readonly config: ViewerConfig,
  ) {}

  async page(user: IdentityClaims, documentId: string, raw: string): Promise<ViewerPageText> {
    const json = await this.viewer.fromCopy(user, documentId, raw, (keys, n) => `${keys.folder}text-${n}.json`, 'application/json', async (copy, n) => {
      const args = ['-f', String(n), '-l', String(n), '-nodiag', '-bbox-layout', '-enc', 'UTF-8', '-', '-'];
      const xhtml = await this.poppler.poppler(this.config.PDFTOTEXT_PATH, args, copy, (out) => out.includes('<page'));
      return Buffer.from(JSON.stringify(parseBboxLayout(xhtml.toString('utf8'), n)));
    });
    return JSON.parse(json.toString('utf8')) as ViewerPageText;
  }
}
