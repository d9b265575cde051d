import { createHash } from 'node:crypto';
import { Injectable, Logger, NotFoundException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import { PDFDocument } from 'pdf-lib';
import { VIEWER_MSG, VIEWER_PAGE_WIDTHS, type IdentityClaims, type ViewerDocument, type ViewerPreparing, type ViewerPageSize } from '@brokerage/contracts';
import type { DocumentRow } from '../documents/documents.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { DownloadsService } from '../downloads/downloads.service.js';
import { UnreadablePdfError, watermarkPdf, watermarkText } from '../downloads/watermark.js';
import { OfficeConversions, OfficePdfPreparingError } from '../pdf/office-conversions.js';
import { isOfficeFile } from '../pdf/office-pdf-job.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { ViewTickets } from '../engagement/view-tickets.js';
import { pageImageType } from './page-image.js';
import { PageRenderer, PageRenderError } from './page-renderer.js';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/**
 * Where a viewer's copy and pages live: under the listing's prefix (a deleted listing's objects go with it), one folder
 * per document and viewer (a hash: no id or e-mail in a key), one per stamp text (a new day, a changed name or e-mail
 * is a new stamp: the older folders of that viewer are removed when the new one is made).
 */
export function viewerKeys(doc: Pick<DocumentRow, 'id' | 'listingId' | 'storageKey'>, user: IdentityClaims, stamp: string) {
  const viewer = `listings/${doc.listingId}/viewer/${doc.id}/${hash(doc.storageKey, user.sub)}/`;
  const folder = `${viewer}${hash(stamp)}/`;
  return { viewer, folder, copy: `${folder}copy.pdf`, page: (n: number, size: ViewerPageSize) => `${folder}${size}-${n}.png` };
}

/** A page path segment as a page number: 1…999999, digits only (anything else is no page). */
export const pageNumber = (raw: string): number | null => (/^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null);

/** Being prepared (a Word file's PDF not made yet) as undefined; anything else thrown on. */
const unlessPreparing = (err: unknown): undefined => {
  if (err instanceof OfficePdfPreparingError) return undefined;
  throw err;
};

/**
 * The in-portal viewer (issue 23 §1): a PDF the caller may read (the download's rule: role, listing party, the
 * document's journey step; and the data room's: revoked access refused, view-only allowed) is shown as page images rendered from a copy stamped with the viewer's name, e-mail and the
 * date, so the PDF itself never reaches the browser. Copy and pages are kept in S3 per viewer × document (× page ×
 * size): a page seen again is read, not rendered.
 */
@Injectable()
export class ViewerService {
  private readonly logger = new Logger(ViewerService.name);
  /** Page counts per stored file (a document's file never changes; the stamp adds no page). */
  private readonly counts = new Map<string, number>();
  /** Work in flight per key: two requests for the same copy or page make it once. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly documents: DocumentsService,
    private readonly storage: S3StorageService,
    private readonly renderer: PageRenderer,
    private readonly downloads: DownloadsService,
    private readonly conversions: OfficeConversions,
    private readonly tickets: ViewTickets,
  ) {}

  /**
   * The document when the caller may view it (DocumentsService.findUsable 'view': 404 not visible or a client's old
   * version, 409 step not reached, 403 a buyer's revoked access; a view-only document is viewable); 415 neither a PDF
   * nor a Word file (those are shown through LibreOffice's PDF of them).
   */
  async viewable(user: IdentityClaims, documentId: string): Promise<DocumentRow> {
    const doc = await this.documents.findUsable(user, documentId, 'view');
    if (doc.contentType !== 'application/pdf' && !isOfficeFile(doc.contentType)) throw new UnsupportedMediaTypeException(VIEWER_MSG.notViewable);
    return doc;
  }

  /**
   * Opening a document in the viewer: its page count, recorded as the inline open of a download is (audit row,
   * watermarked; a buyer's CBR/CIM completes step 4 — how a view-only one completes it, ARCHITECTURE deviation 10).
   * A Word file whose PDF the pdf worker has not made yet: "being prepared" (the controller's 202), nothing recorded.
   */
  async open(req: Request, user: IdentityClaims, documentId: string): Promise<ViewerDocument | ViewerPreparing> {
    const checkedAt = Date.now();
    const doc = await this.viewable(user, documentId);
    const pageCount = this.counts.get(doc.storageKey) ?? (await this.copy(doc, user).catch(unlessPreparing))?.pageCount;
    if (pageCount === undefined) return { documentId: doc.id, fileName: doc.fileName, status: 'preparing', message: VIEWER_MSG.preparing };
    await this.downloads.record(req, doc, user, true, 'viewer');
    // a buyer's reports of their time on its pages carry this (engagement/view-tickets.ts)
    const ticket = user.role === 'BUYER' && doc.contentType === 'application/pdf' ? this.tickets.issue(user, doc, pageCount, checkedAt) : undefined;
    return { documentId: doc.id, fileName: doc.fileName, pageCount, ...(ticket ? { ticket } : {}) };
  }

  /** Page `raw` (1-based) as an image (PNG or JPEG: pageImageType); 404 `pageNotFound` for anything but 1…pageCount. */
  page(user: IdentityClaims, documentId: string, raw: string, size: ViewerPageSize = 'page'): Promise<Buffer> {
    return this.fromCopy(user, documentId, raw, (keys, n) => keys.page(n, size), pageImageType, (bytes, n) => this.renderer.render(bytes, n, VIEWER_PAGE_WIDTHS[size]));
  }

  /**
   * What `make` draws from page `raw` of the caller's stamped copy (its image, its text layer), under the caller's
   * access rule and kept in S3 at `key`: made once, then read. 404 `pageNotFound` for anything but 1…pageCount; 422
   * when poppler refuses the page.
   */
  async fromCopy(
    user: IdentityClaims,
    documentId: string,
    raw: string,
    key: (keys: ReturnType<typeof viewerKeys>, n: number) => string,
    contentType: string | ((made: Buffer) => string),
    make: (copy: Uint8Array, n: number) => Promise<Buffer>,
  ): Promise<Buffer> {
    const doc = await this.viewable(user, documentId);
    const n = pageNumber(raw);
    if (n === null) throw new NotFoundException(VIEWER_MSG.pageNotFound);
    const at = key(viewerKeys(doc, user, this.stamp(user)), n);
    const cached = await this.storage.read(at);
    if (cached) return cached;
    return this.once(at, async () => {
      const { bytes, pageCount } = await this.copy(doc, user);
      if (n > pageCount) throw new NotFoundException(VIEWER_MSG.pageNotFound);
      const made = await make(bytes, n).catch((err: unknown) => {
        if (!(err instanceof PageRenderError)) throw err;
        this.logger.warn(`document ${doc.id} page ${n} cannot be read: ${err.message}`);
        throw new UnprocessableEntityException(VIEWER_MSG.notPrepared);
      });
      await this.storage.put(at, made, typeof contentType === 'string' ? contentType : contentType(made));
      return made;
    });
  }

  private stamp(user: IdentityClaims): string {
    return watermarkText(user.name, user.email ?? '', new Date());
  }

  /** The caller's stamped copy: read from S3, else made from the original (and older stamps of theirs removed). */
  private async copy(doc: DocumentRow, user: IdentityClaims): Promise<{ bytes: Uint8Array; pageCount: number }> {
    const stamp = this.stamp(user);
    const keys = viewerKeys(doc, user, stamp);
    return this.once(keys.copy, async () => {
      let bytes: Uint8Array | null = await this.storage.read(keys.copy);
      if (!bytes) {
        // a Word file through the PDF the pdf worker made of it (OfficePdfPreparingError until it exists)
        const original = isOfficeFile(doc.contentType) ? await this.conversions.forViewing(doc) : await this.storage.read(doc.storageKey);
        if (!original) throw new NotFoundException(VIEWER_MSG.notPrepared);
        bytes = await watermarkPdf(original, stamp).catch((err: unknown) => {
          if (!(err instanceof UnreadablePdfError)) throw err;
          this.logger.warn(`document ${doc.id} cannot be stamped for viewing: ${String((err.cause as Error | undefined)?.message ?? err.message).slice(0, 200)}`);
          throw new UnprocessableEntityException(VIEWER_MSG.notPrepared);
        });
        await this.storage.put(keys.copy, Buffer.from(bytes), 'application/pdf');
        await this.dropOlderStamps(keys.viewer, keys.folder);
      }
      let pageCount = this.counts.get(doc.storageKey);
      if (pageCount === undefined) {
        pageCount = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
        this.counts.set(doc.storageKey, pageCount);
        if (this.counts.size > 5000) this.counts.delete(this.counts.keys().next().value!);
      }
      return { bytes, pageCount };
    });
  }

  private async dropOlderStamps(viewer: string, current: string): Promise<void> {
    const stale = (await this.storage.list(viewer)).filter((k) => !k.startsWith(current));
    await Promise.all(stale.map((k) => this.storage.remove(k).catch(() => undefined)));
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}
