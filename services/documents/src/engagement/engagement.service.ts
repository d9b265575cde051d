import { BadRequestException, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import {
  ENGAGEMENT_MSG,
  VIEWER_MSG,
  type BuyerEngagement,
  type DocumentEngagement,
  type EngagementReport,
  type IdentityClaims,
  type ListingEngagement,
  type MyEngagement,
} from '@brokerage/contracts';
import type { DocumentRow } from '../documents/documents.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { EngagementQueue } from './engagement-queue.js';
import { EngagementRepository, type EngagementRow, type EngagementWrite } from './engagement.repository.js';
import { ViewTickets } from './view-tickets.js';

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const iso = (d: Date) => d.toISOString();
function groupBy<T>(items: T[], key: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/** One document's rows (one per page) as what the screens show. */
function documentOf(rows: EngagementRow[]): DocumentEngagement {
  const first = rows[0]!;
  return {
    documentId: first.documentId,
    fileName: first.fileName,
    version: first.version,
    pageCount: Math.max(...rows.map((r) => r.pageCount)),
    firstViewedAt: iso(new Date(Math.min(...rows.map((r) => r.firstSeenAt.getTime())))),
    lastViewedAt: iso(new Date(Math.max(...rows.map((r) => r.lastSeenAt.getTime())))),
    totalSeconds: seconds(rows.reduce((s, r) => s + r.ms, 0)),
    pages: rows.map((r) => ({ page: r.page, seconds: seconds(r.ms) })),
  };
}

/** One buyer's rows (on one listing) as documents opened, first/last view, total time, documents (latest first). */
function summaryOf(rows: EngagementRow[]): Omit<BuyerEngagement, 'buyer'> {
  const documents = groupBy(rows, (r) => r.documentId).map(documentOf).sort((a, b) => b.lastViewedAt.localeCompare(a.lastViewedAt));
  return {
    documentsOpened: documents.length,
    firstViewedAt: documents.map((d) => d.firstViewedAt).sort()[0]!,
    lastViewedAt: documents[0]!.lastViewedAt,
    totalSeconds: seconds(rows.reduce((s, r) => s + r.ms, 0)),
    documents,
  };
}

/**
 * Page-level engagement (issue 23 §3): a buyer's viewer reports the time each page was visible; kept per buyer ×
 * document (version) × page. Staff of the listing read it per buyer; a buyer reads what is recorded about them.
 */
@Injectable()
export class EngagementService {
  /** Page counts per stored file (a document's file never changes). */
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly documents: DocumentsService,
    private readonly storage: S3StorageService,
    private readonly repo: EngagementRepository,
    private readonly queue: EngagementQueue,
    private readonly tickets: ViewTickets,
  ) {}

  /**
   * POST /buyer/documents/{id}/engagement: the viewer's rule first (DocumentsService.findUsable 'view': 404 not
   * visible, 409 before the step, 403 revoked), 415 not a PDF, 400 a page past the document's last; then added up.
   * The write is accepted by the journal (EngagementQueue.accept: one write(2); in PostgreSQL within ~50 ms). Answers
   * how long the write itself took (ms; the controller's Server-Timing: what bench:viewer reads as the server side).
   */
  async report(user: IdentityClaims, documentId: string, report: EngagementReport): Promise<number> {
    const doc = await this.documents.findUsable(user, documentId, 'view');
    if (doc.contentType !== 'application/pdf') throw new UnsupportedMediaTypeException(VIEWER_MSG.notViewable);
    const w = this.write(user, { documentId: doc.id, listingId: doc.listingId, version: doc.version }, await this.pageCount(doc), report);
    const t0 = performance.now();
    if (!this.queue.accept(w)) await this.queue.add(w);
    return performance.now() - t0;
  }

  /**
   * The same report taken on its view ticket (ViewTickets: the rule let this buyer open this document, and nothing
   * changed on its listing since), without an await: the time the write took (its journal append), or null when the
   * ticket is missing, not the caller's or not current (then report() applies the rule). 400 a page past the last.
   */
  reportOnTicket(user: IdentityClaims, documentId: string, report: EngagementReport): number | null {
    const t = this.tickets.check(report.ticket, user, documentId);
    if (!t) return null;
    const w = this.write(user, t, t.pageCount, report);
    const t0 = performance.now();
    return this.queue.accept(w) ? performance.now() - t0 : null;
  }

  private write(user: IdentityClaims, doc: { documentId: string; listingId: string; version: number }, pageCount: number, report: EngagementReport): EngagementWrite {
    const perPage = new Map<number, number>();
    for (const { page, ms } of report.pages) {
      if (page > pageCount) throw new BadRequestException({ message: ENGAGEMENT_MSG.pageOutOfRange, field: 'pages' });
      perPage.set(page, (perPage.get(page) ?? 0) + ms);
    }
    return { buyerId: user.sub, buyerName: user.name, ...doc, pageCount, pages: [...perPage].map(([page, ms]) => ({ page, ms })) };
  }

  /** GET /broker|agent/listings/{id}/engagement: the listing's staff only (404 otherwise); buyers latest first. */
  async ofListing(user: IdentityClaims, listingId: string): Promise<ListingEngagement> {
    await this.documents.access(user, listingId);
    await this.queue.flushForRead(); // every report answered so far is counted
    const buyers = groupBy(await this.repo.ofListing(listingId), (r) => r.buyerId).map((rows) => ({
      buyer: { id: rows[0]!.buyerId, name: rows.reduce((a, r) => (r.lastSeenAt > a.lastSeenAt ? r : a)).buyerName },
      ...summaryOf(rows),
    }));
    return { listingId, buyers: buyers.sort((a, b) => b.lastViewedAt.localeCompare(a.lastViewedAt)) };
  }

  /** GET /buyer/engagement: the caller's own records, per listing. */
  async mine(user: IdentityClaims): Promise<MyEngagement> {
    await this.queue.flushForRead();
    const listings = groupBy(await this.repo.ofBuyer(user.sub), (r) => r.listingId).map((rows) => ({ listingId: rows[0]!.listingId, ...summaryOf(rows) }));
    return { listings: listings.sort((a, b) => b.lastViewedAt.localeCompare(a.lastViewedAt)) };
  }

  private async pageCount(doc: DocumentRow): Promise<number> {
    const known = this.counts.get(doc.storageKey);
    if (known !== undefined) return known;
    const chunks: Buffer[] = [];
    for await (const c of await this.storage.get(doc.storageKey)) chunks.push(c as Buffer);
    const count = (await PDFDocument.load(Buffer.concat(chunks), { ignoreEncryption: true, updateMetadata: false })).getPageCount();
    this.counts.set(doc.storageKey, count);
    if (this.counts.size > 5000) this.counts.delete(this.counts.keys().next().value!);
    return count;
  }
}
