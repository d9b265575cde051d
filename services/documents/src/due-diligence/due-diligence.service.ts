import type { IncomingMessage } from 'node:http';
import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import {
  DOCUMENT_MSG,
  DUE_DILIGENCE_DOCUMENT_NAMES,
  DUE_DILIGENCE_EXTENSIONS,
  DUE_DILIGENCE_MSG,
  DUE_DILIGENCE_STEP_ID,
  NOTICE_HEADLINES,
  dueDiligenceNameOf,
  isDueDiligenceComplete,
  sellerDueDiligenceUploadFieldsSchema,
  staffDueDiligenceUploadFieldsSchema,
  type DueDiligenceDocumentName,
  type DueDiligenceUploadResponse,
  type DueDiligenceView,
  type IdentityClaims,
  type ListingPartiesResponse,
  type SellerDueDiligenceRequests,
  type SellerDueDiligenceView,
  type StaffDueDiligenceView,
} from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE, ListingEventsPublisher, parseWith, receiveUpload, type StoredUpload } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { canSee, fileNeed, isStaff, writeNeed } from '../documents/document-access.js';
import { presentDocument } from '../documents/document-presenter.js';
import type { NewDocument } from '../documents/documents.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { DownloadsRepository } from '../downloads/downloads.repository.js';
import { DownloadsService, clientIp } from '../downloads/downloads.service.js';
import { stampsDownload } from '../downloads/watermark.js';
import { JourneyEventsService, eventIdOf, uploadStep } from '../journey-events/journey-events.service.js';
import { JOURNEY_STEP, JourneyRelayService } from '../journey-events/journey-relay.service.js';
import { DocumentNotices, noticeEventId } from '../notices/document-notices.js';
import { OfficeConversions } from '../pdf/office-conversions.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { documentUploadRules, storedFileColumns } from '../uploads/document-upload.js';
import { refuseUnreadablePdfs } from '../uploads/readable-pdf.js';
import { buildView, bySpecOrder, emptyView, presentFile } from './due-diligence-view.js';
import { DueDiligenceRepository, type DueDiligenceFileRow } from './due-diligence.repository.js';

/** The buyer's step-7 event: one per listing and buyer, ever (listings' command is idempotent by eventId too). */
const COMPLETE_WHAT = 'due-diligence-complete';
export const dueDiligenceEventId = (buyerId: string, listingId: string) => eventIdOf(COMPLETE_WHAT, buyerId, listingId);

/** A buyer as the access rules see them (for staff views "as that buyer sees it"). */
const asBuyer = (buyerId: string): IdentityClaims => ({ sub: buyerId, role: 'BUYER', name: '', email: '' }) as IdentityClaims;
const isSellerFile = (f: DueDiligenceFileRow) => f.category === 'SELLER_UPLOAD' && f.type === 'DUE_DILIGENCE';

@Injectable()
export class DueDiligenceService {
  constructor(
    private readonly repo: DueDiligenceRepository,
    private readonly documents: DocumentsService,
    private readonly storage: S3StorageService,
    private readonly downloads: DownloadsService,
    private readonly audit: DownloadsRepository,
    private readonly relay: JourneyRelayService,
    private readonly journeys: JourneyEventsService,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
    private readonly live: ListingEventsPublisher,
    private readonly conversions: OfficeConversions,
    private readonly notices: DocumentNotices,
  ) {}

  // ---- reads ----

  /** One buyer's table on a listing (the caller: that buyer after their NDA, or staff in scope); 404 when not a party. */
  async view(user: IdentityClaims, listingId: string, buyerId: string): Promise<DueDiligenceView> {
    const parties = await this.documents.access(user, listingId);
    if (!parties.buyerIds.includes(buyerId)) throw new NotFoundException(DOCUMENT_MSG.buyerNotParty);
    return this.buildFor(user, listingId, buyerId);
  }

  private async buildFor(user: IdentityClaims, listingId: string, buyerId: string, files?: DueDiligenceFileRow[]): Promise<DueDiligenceView> {
    const all = files ?? (await this.repo.filesOfListing(listingId));
    const visible = all.filter((f) => canSee(asBuyer(buyerId), f));
    return buildView(listingId, buyerId, await this.repo.requestsOf(listingId, buyerId), visible, user);
  }

  /** GET /buyer/due-diligence: the selected listing's table; an empty one without a selection. */
  async selectedView(user: IdentityClaims): Promise<DueDiligenceView> {
    const listingId = await this.documents.listingOf(user);
    return listingId ? this.view(user, listingId, user.sub) : emptyView();
  }

  /** Staff: the buyer's table plus the seller's due-diligence files (to pass on). */
  async staffView(user: IdentityClaims, listingId: string, buyerId: string): Promise<StaffDueDiligenceView> {
    const parties = await this.documents.access(user, listingId);
    if (!parties.buyerIds.includes(buyerId)) throw new NotFoundException(DOCUMENT_MSG.buyerNotParty);
    const files = await this.repo.filesOfListing(listingId);
    const view = await this.buildFor(user, listingId, buyerId, files);
    return { ...view, sellerDocuments: files.filter(isSellerFile).map((f) => presentFile(f, user)) };
  }

  /** Seller: names buyers still wait for (no identities), with how many buyers and the seller's files per name. */
  async sellerRequests(user: IdentityClaims, listingId: string): Promise<SellerDueDiligenceRequests> {
    const parties = await this.documents.access(user, listingId);
    const [requests, files] = await Promise.all([this.repo.requestsOfListing(listingId), this.repo.filesOfListing(listingId)]);
    const pending = new Map<string, number>();
    for (const buyerId of parties.buyerIds) {
      const withFile = new Set(files.filter((f) => f.documentName && canSee(asBuyer(buyerId), f)).map((f) => f.documentName));
      for (const r of requests) if (r.buyerId === buyerId && !withFile.has(r.documentName)) pending.set(r.documentName, (pending.get(r.documentName) ?? 0) + 1);
    }
    const sellerFiles = files.filter(isSellerFile);
    return {
      requests: DUE_DILIGENCE_DOCUMENT_NAMES.filter((n) => pending.has(n))
        .map((documentName) => ({ documentName, pendingBuyers: pending.get(documentName)!, sellerFiles: sellerFiles.filter((f) => f.documentName === documentName).length }))
        .sort(bySpecOrder),
    };
  }

  /** GET /seller/due-diligence: the selected listing's open requests and the seller's own due-diligence files. */
  async sellerView(user: IdentityClaims): Promise<SellerDueDiligenceView> {
    const listingId = await this.documents.listingOf(user);
    if (!listingId) return { listingId: null, requests: [], documents: [] };
    const { requests } = await this.sellerRequests(user, listingId);
    const files = await this.repo.filesOfListing(listingId);
    return { listingId, requests, documents: files.filter((f) => isSellerFile(f) && f.uploadedBy === user.sub).map((f) => presentFile(f, user)) };
  }

  // ---- requests ----

  /** Adds/removes the buyer's requests (a write to step 7: 409 before it), then checks the step-7 rule in the same locked transaction. */
  async changeRequests(user: IdentityClaims, listingId: string, change: { add?: readonly string[]; remove?: string }): Promise<DueDiligenceView> {
    const parties = await this.documents.access(user, listingId, { step: DUE_DILIGENCE_STEP_ID });
    const title = change.add?.length ? await this.notices.title(listingId) : undefined;
    const { completed, added } = await this.repo.inBuyerLock(listingId, user.sub, async (m) => {
      const added = change.add?.length ? await this.repo.addRequests(m, listingId, user.sub, change.add) : [];
      if (change.remove) await this.repo.removeRequest(m, listingId, user.sub, change.remove);
      if (added.length) await this.requestNotice(m, user, listingId, added, parties, title);
      return { completed: await this.checkStep(m, listingId, user.sub), added };
    });
    if (completed || added.length) this.relay.kick();
    if (change.add?.length || change.remove) {
      this.live.emit(null, { type: 'dd.requested', listingId, userId: user.sub }, { clients: ['seller', user.sub] });
    }
    return this.buildFor(user, listingId, user.sub);
  }

  /**
   * The buyer's new requests, to staff (kind due-diligence): one notice per set of names first requested (a name asked
   * again after a removal is the same event: no second e-mail). Staff may see the buyer's name and the names asked.
   */
  private requestNotice(m: EntityManager, buyer: IdentityClaims, listingId: string, added: readonly string[], parties: ListingPartiesResponse, title?: string): Promise<void> {
    const name = buyer.name?.trim() || 'A buyer';
    return this.notices.dueDiligence(m, {
      eventId: noticeEventId('dd-requested', listingId, buyer.sub, ...[...added].sort()),
      listingId, parties, staffAbout: { buyerId: buyer.sub }, actorName: name, title,
      headline: NOTICE_HEADLINES.dueDiligenceRequested(name, added.length, title),
    });
  }

  /**
   * Step 7 rule (spec part 1 §4): at least one request and every requested name has a file the buyer may see.
   * When it holds, the journey command goes to the outbox in the caller's transaction (once per listing and buyer).
   */
  private async checkStep(m: EntityManager, listingId: string, buyerId: string): Promise<boolean> {
    const requested = (await this.repo.requestsOf(listingId, buyerId, m)).map((r) => r.documentName);
    if (!isDueDiligenceComplete(requested, await this.repo.namesWithFileFor(m, listingId, buyerId))) return false;
    const eventId = dueDiligenceEventId(buyerId, listingId);
    await this.relay.add(m, JOURNEY_STEP, { eventId, userId: buyerId, listingId, stepId: DUE_DILIGENCE_STEP_ID, source: `documents.${COMPLETE_WHAT}` }, { id: eventId });
    return true;
  }

  // ---- uploads ----

  /** Broker/agent: files for one buyer of the listing under one of the 16 names (all or none), then the step-7 check. */
  async staffUpload(req: IncomingMessage, user: IdentityClaims, area: 'broker' | 'agent', listingId: string): Promise<DueDiligenceUploadResponse> {
    if (!isStaff(user)) {
      req.resume();
      throw new ForbiddenException(DUE_DILIGENCE_MSG.onlyStaffUpload);
    }
    if (user.role !== (area === 'broker' ? 'BROKER' : 'AGENT')) {
      req.resume();
      throw new ForbiddenException(FORBIDDEN_MESSAGE);
    }
    const parties = await this.documents.access(user, listingId).catch((err: unknown) => {
      req.resume();
      throw err;
    });
    let target: { buyerId: string; documentName: DueDiligenceDocumentName } | null = null;
    const received = await receiveUpload(req, this.storage, {
      ...documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES),
      plan: async (raw) => {
        const f = parseWith(staffDueDiligenceUploadFieldsSchema, raw);
        if (!parties.buyerIds.includes(f.buyerId)) throw new BadRequestException(DOCUMENT_MSG.buyerNotParty);
        target = { buyerId: f.buyerId, documentName: f.documentName };
        return { keyPrefix: `listings/${listingId}`, allowedExtensions: DUE_DILIGENCE_EXTENSIONS };
      },
    });
    const t = target as unknown as { buyerId: string; documentName: DueDiligenceDocumentName };
    const placement = { audience: 'BUYER', buyerId: t.buyerId, category: 'STAFF_UPLOAD' } as const;
    await refuseUnreadablePdfs(this.storage, { ...placement, type: 'DUE_DILIGENCE' }, received.files); // the buyer's download is stamped
    const rows = this.newRows(received.files, user, listingId, placement);
    const title = await this.notices.title(listingId);
    const { saved, completed } = await this.storeOrClean(received.files, () =>
      this.repo.inBuyerLock(listingId, t.buyerId, async (m) => {
        const saved = await this.repo.insertFiles(m, rows, t.documentName);
        await this.conversions.request(m, saved); // Word files: their PDF for viewing
        // the buyer's answer (kind due-diligence, not document-shared too), once they may see the listing's data
        await this.notices.dueDiligence(m, {
          eventId: noticeEventId('dd-answered', ...saved.map((d) => d.id).sort()),
          listingId, parties, buyerIds: [t.buyerId], actorName: user.name || 'Your broker', title,
          headline: NOTICE_HEADLINES.dueDiligenceAnswered(user.name || 'Your broker', t.documentName, title),
        });
        return { saved, completed: await this.checkStep(m, listingId, t.buyerId) };
      }),
    );
    this.conversions.kick(); // the same outbox relay: the notice goes with it
    if (completed) this.relay.kick();
    for (const d of saved) this.documents.announce('document.uploaded', d);
    const documents = saved.map((d) => presentFile(d, user));
    return { message: DUE_DILIGENCE_MSG.uploaded, documents, document: documents[0]! };
  }

  /**
   * Seller: files only the seller and staff see (audience SELLER), under the path's or the form's name (or none).
   * The seller's first due-diligence upload completes seller step 7; before the seller reached step 7: 409, nothing stored.
   */
  async sellerUpload(req: IncomingMessage, user: IdentityClaims, where: { listingId?: string; docType?: string }): Promise<DueDiligenceUploadResponse> {
    let pathName: DueDiligenceDocumentName | null = null;
    if (where.docType !== undefined) {
      pathName = dueDiligenceNameOf(where.docType);
      if (!pathName) {
        req.resume();
        throw new NotFoundException(DUE_DILIGENCE_MSG.unknownDocType);
      }
    }
    if (where.listingId) {
      await this.documents.access(user, where.listingId, { step: DUE_DILIGENCE_STEP_ID }).catch((err: unknown) => {
        req.resume();
        throw err;
      });
    }
    let ctx: { listingId: string; documentName: DueDiligenceDocumentName | null } | null = null;
    const received = await receiveUpload(req, this.storage, {
      ...documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES),
      plan: async (raw) => {
        const f = parseWith(sellerDueDiligenceUploadFieldsSchema, raw);
        const listingId = where.listingId ?? (await this.documents.listingOf(user, f.listingId));
        if (!listingId) throw new BadRequestException(DOCUMENT_MSG.noListing);
        if (!where.listingId) await this.documents.access(user, listingId, { step: DUE_DILIGENCE_STEP_ID });
        ctx = { listingId, documentName: pathName ?? f.documentName ?? null };
        return { keyPrefix: `listings/${listingId}`, allowedExtensions: DUE_DILIGENCE_EXTENSIONS };
      },
    });
    const c = ctx as unknown as { listingId: string; documentName: DueDiligenceDocumentName | null };
    const rows = this.newRows(received.files, user, c.listingId, { audience: 'SELLER', buyerId: null, category: 'SELLER_UPLOAD' });
    const { saved } = await this.storeOrClean(received.files, async () => ({
      saved: await this.repo.dataSource.transaction(async (m) => {
        const saved = await this.repo.insertFiles(m, rows, c.documentName);
        await this.conversions.request(m, saved); // Word files: their PDF for viewing
        return saved;
      }),
    }));
    this.conversions.kick();
    for (const d of saved) this.documents.announce('document.uploaded', d);
    const step = uploadStep('SELLER', 'DUE_DILIGENCE');
    if (step) await this.journeys.record(step, user.sub, c.listingId, { wait: true });
    const documents = saved.map((d) => presentFile(d, user));
    return { message: DUE_DILIGENCE_MSG.uploaded, documents, document: documents[0]! };
  }

  private newRows(files: StoredUpload[], user: IdentityClaims, listingId: string, o: Pick<NewDocument, 'audience' | 'buyerId' | 'category'>): NewDocument[] {
    return files.map((f) => ({
      listingId,
      ...o,
      type: 'DUE_DILIGENCE',
      stepId: DUE_DILIGENCE_STEP_ID,
      ...storedFileColumns(f, user),
    }));
  }

  /** Runs the insert; if it fails the stored objects go too (all or nothing). */
  private async storeOrClean<T>(files: StoredUpload[], insert: () => Promise<T>): Promise<T> {
    try {
      return await insert();
    } catch (err) {
      await Promise.all(files.map((f) => this.storage.remove(f.key).catch(() => undefined)));
      throw err;
    }
  }

  /** Seller: deletes one of their own due-diligence uploads (404 for anything else they cannot see or that is not due diligence). */
  async sellerDelete(user: IdentityClaims, listingId: string, documentId: string): Promise<{ message: string }> {
    const row = await this.documents.findVisible(user, documentId, listingId, writeNeed);
    if (row.type !== 'DUE_DILIGENCE' || row.category !== 'SELLER_UPLOAD') throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    if (row.uploadedBy !== user.sub) throw new ForbiddenException(DOCUMENT_MSG.cannotDelete);
    return this.documents.delete(user, listingId, documentId);
  }

  // ---- downloads ----

  /** The named due-diligence file when the buyer may see it on this listing (404 otherwise) and reached step 7 (409 before). */
  private async buyerFile(user: IdentityClaims, listingId: string, documentId: string): Promise<DueDiligenceFileRow> {
    await this.documents.findVisible(user, documentId, listingId);
    const row = await this.repo.fileById(documentId);
    if (!row || row.documentName === null) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    return row;
  }

  /** POST …/due-diligence/download {documentId, stepId}: records the download in the audit and answers the file's url. */
  async recordDownload(req: Request, user: IdentityClaims, listingId: string, documentId: string) {
    const row = await this.buyerFile(user, listingId, documentId);
    await this.audit.add({
      documentId: row.id,
      listingId: row.listingId,
      fileName: row.fileName,
      documentType: row.type,
      userId: user.sub,
      userName: user.name,
      userEmail: user.email ?? '',
      userRole: user.role,
      ip: clientIp(req),
      watermarked: stampsDownload(user.role, row),
    });
    return { message: 'Document ready for download', document: presentFile(row, user), file: presentDocument(row, user) };
  }

  /** GET …/due-diligence/download/{docType}: streams the newest file of that name the buyer may see (recorded). */
  async streamByName(req: Request, res: Response, user: IdentityClaims, listingId: string, docType: string): Promise<void> {
    const name = dueDiligenceNameOf(docType);
    if (!name) throw new NotFoundException(DUE_DILIGENCE_MSG.unknownDocType);
    await this.documents.access(user, listingId, fileNeed(user, { type: 'DUE_DILIGENCE', stepId: DUE_DILIGENCE_STEP_ID }));
    const newest = (await this.repo.filesOfListing(listingId)).find((f) => f.documentName === name && canSee(user, f));
    if (!newest) throw new NotFoundException(DUE_DILIGENCE_MSG.notAvailable);
    await this.downloads.send(req, res, newest, user, 'attachment');
  }
}
