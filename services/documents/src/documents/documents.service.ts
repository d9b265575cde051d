import type { IncomingMessage } from 'node:http';
import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ALLOWED_EXTENSIONS,
  DEFAULT_DOCUMENT_PERMISSION,
  DOCUMENT_MSG,
  DOCUMENT_PERMISSION_LABELS,
  DOCUMENT_TAG_MSG,
  STAFF_DEFAULT_AUDIENCE,
  pickClosingDocuments,
  tagKeysOf,
  tagSetFor,
  uploadFieldsSchema,
  uploadPurposeOf,
  type DocumentAudience,
  type DocumentCategory,
  type DocumentDto,
  type DocumentPermission,
  type DocumentPermissionResponse,
  type DocumentTagResponse,
  type DocumentType,
  type IdentityClaims,
  type ListingNeed,
  type ListingPartiesResponse,
  type ProvidedDocumentResponse,
  type UploadFields,
  type UploadResponse,
} from '@brokerage/contracts';
import { ListingEventsPublisher, isListingParty, parseWith, receiveUpload, requireListingAccess } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { JourneyEventsService, uploadStep } from '../journey-events/journey-events.service.js';
import { ListingsClient } from '../listings-access/listings.client.js';
import { DocumentNotices } from '../notices/document-notices.js';
import { OfficeConversions } from '../pdf/office-conversions.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { DocumentPermissionsService } from '../permissions/document-permissions.service.js';
import type { DocumentUse } from '../permissions/document-use.js';
import { PermissionsRepository } from '../permissions/permissions.repository.js';
import { refuseUnreadablePdfs } from '../uploads/readable-pdf.js';
import { seesEveryVersion, versionGroup, versionIndex } from '../versions/versions.js';
import { documentUploadRules, storedFileColumns } from '../uploads/document-upload.js';
import { canDelete, canSee, eventAudience, fileNeed, isStaff, uploadNeed, writeNeed } from './document-access.js';
import { QuestionAttachmentAccess } from '../questions/question-attachment-access.js';
import { removeViewerObjects } from '../viewer/viewer-objects.js';
import { presentDocument } from './document-presenter.js';
import { DocumentsRepository, type DocumentRow, type NewDocument } from './documents.repository.js';

/** How one upload route files what it receives. */
export interface UploadRoute {
  /** The listing of the path; else the form's listingId, else the caller's selected listing. */
  listingId?: string;
  /** Types the route accepts (documentType field); the first one is not a default. */
  types: readonly DocumentType[];
  /** Used when the form names no type: by stepId, else this. null = the type is required. */
  defaultType: ((stepId: number | undefined) => DocumentType) | null;
  /** Fixed step (e.g. signed contract: 6). */
  stepId?: number;
}

/** Seller step → what /seller/documents/upload files under when the form names no type. */
const SELLER_STEP_TYPES: Record<number, DocumentType> = { 2: 'LISTING_AGREEMENT', 4: 'FINANCIAL_DOCUMENTS', 6: 'PURCHASE_AGREEMENT', 7: 'DUE_DILIGENCE' };
export const sellerDefaultType = (stepId: number | undefined): DocumentType => (stepId !== undefined && SELLER_STEP_TYPES[stepId]) || 'UPLOADED_DOC';
export const buyerDefaultType = (stepId: number | undefined): DocumentType => (stepId === 6 ? 'PURCHASE_CONTRACT' : 'UPLOADED_DOC');

/** Seller step screens' filters (spec part 2 §4) over the documents filed under that step. */
const SELLER_STEP_FILTERS: Record<number, (d: DocumentRow) => boolean> = {
  2: (d) => d.type === 'LISTING_AGREEMENT' || d.type === 'UPLOADED_DOC',
  4: (d) => d.category === 'SELLER_UPLOAD',
  6: (d) => d.type === 'PURCHASE_AGREEMENT' || d.type === 'PURCHASE_CONTRACT' || d.type === 'UPLOADED_DOC',
  7: (d) => d.category === 'SELLER_UPLOAD',
};

/** The tag when the document's set holds it (null stays null); 400 for a tag on an untaggable document or an unknown key. */
function checkedTag(uploaderRole: string, type: DocumentType, tag: string | null): string | null {
  if (tag === null) return null;
  const set = tagSetFor(uploaderRole, type);
  if (!set) throw new BadRequestException(DOCUMENT_TAG_MSG.notTaggable);
  if (!tagKeysOf(set).includes(tag)) throw new BadRequestException(DOCUMENT_TAG_MSG.unknown(set));
  return tag;
}

const categoryOf = (user: IdentityClaims): DocumentCategory =>
  user.role === 'SELLER' ? 'SELLER_UPLOAD' : user.role === 'BUYER' ? 'BUYER_UPLOAD' : 'STAFF_UPLOAD';

@Injectable()
export class DocumentsService {
  constructor(
    private readonly docs: DocumentsRepository,
    private readonly listings: ListingsClient,
    private readonly storage: S3StorageService,
    private readonly journeys: JourneyEventsService,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
    private readonly live: ListingEventsPublisher,
    private readonly permissions: DocumentPermissionsService,
    private readonly permissionRows: PermissionsRepository,
    private readonly conversions: OfficeConversions,
    private readonly questionFiles: QuestionAttachmentAccess,
    private readonly notices: DocumentNotices,
  ) {}

  // ---- access (the journey's rule, checked first in every method: contracts decideListingAccess) ----

  /**
   * The listing's parties when the rule lets the user in: 404 `notFound` for a non-party (same answer as an unknown
   * listing), 409 "Complete previous steps to unlock" for a buyer before their NDA, or a client before `need.step`;
   * then 403 `listingAccessRevoked` for a buyer staff took out of the listing's documents (issue 23 §2: lists, due
   * diligence, uploads; their own files stay readable through findVisible).
   */
  async access(user: IdentityClaims, listingId: string, need: ListingNeed = {}, notFound: string = DOCUMENT_MSG.listingNotFound): Promise<ListingPartiesResponse> {
    const parties = await this.listings.parties(listingId, user);
    requireListingAccess(user, parties, need, notFound);
    await this.permissions.requireListingOpen(user, listingId);
    return parties;
  }

  /** The explicit listing, else the caller's selected one (null when none). */
  async listingOf(user: IdentityClaims, explicit?: string): Promise<string | null> {
    return explicit ?? (await this.listings.selectedListing(user));
  }

  /**
   * Every document of the listing the user may see, newest first (a buyer: after their NDA), with each one's number of
   * versions. Clients see only a document's current version (staff every one, issue 23 §4); a buyer whose access to the
   * listing's documents was revoked gets 403, one whose access to a document was revoked does not see it (§2).
   */
  private async listed(user: IdentityClaims, listingId: string): Promise<Array<{ row: DocumentRow; versions: number }>> {
    await this.access(user, listingId);
    const revoked = await this.permissions.revocationsOf(user, listingId);
    const all = await this.docs.byListing(listingId);
    const versions = versionIndex(all);
    return all
      .filter((d) => d.questionId === null && canSee(user, d)) // Q&A attachments are reached through their question
      .filter((d) => seesEveryVersion(user) || versions.get(versionGroup(d))!.current === d.version)
      .filter((d) => d.uploadedBy === user.sub || !revoked.documentIds.has(d.id))
      .map((row) => ({ row, versions: versions.get(versionGroup(row))!.count }));
  }

  async visibleRows(user: IdentityClaims, listingId: string): Promise<DocumentRow[]> {
    return (await this.listed(user, listingId)).map((d) => d.row);
  }

  async visible(user: IdentityClaims, listingId: string, filter: (d: DocumentRow) => boolean = () => true): Promise<DocumentDto[]> {
    return (await this.listed(user, listingId)).filter((d) => filter(d.row)).map((d) => presentDocument(d.row, user, d.versions));
  }

  /**
   * The document when the user may see it now; 404 otherwise (unknown, another listing, another buyer's, access
   * narrowed, a client asking for a version that is no longer current). `need` (from the row) is the journey rule of what
   * the caller does with it: reading the file (fileNeed, the default), a write (writeNeed); 409 when the caller has not
   * reached that step (a buyer before the NDA: always). Then the data room's rule (issue 23 §2) for `use`: a buyer's
   * revoked access → 403 (every use), a view-only document → 403 for 'download'.
   */
  async findVisible(
    user: IdentityClaims,
    documentId: string,
    listingId?: string,
    need: (row: DocumentRow) => ListingNeed = (row) => fileNeed(user, row),
    use: DocumentUse = 'view',
  ): Promise<DocumentRow> {
    // the row, its group's newest version and the buyer's revocations: one query (every viewer page reads this)
    const found = await this.docs.forUse(documentId, user.role === 'BUYER' ? user.sub : null);
    const row = found?.row;
    if (!found || !row || (listingId && row.listingId !== listingId)) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    const parties = await this.listings.parties(row.listingId, user).catch((err: unknown) => {
      if (err instanceof NotFoundException) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
      throw err;
    });
    // a file attached to a Q&A answer: readable by those who may read the answer (issue 24 §3); any other: canSee
    const sees = row.questionId ? await this.questionFiles.mayRead(user, row.questionId) : canSee(user, row);
    if (!isListingParty(user, parties) || !sees) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    requireListingAccess(user, parties, need(row), DOCUMENT_MSG.documentNotFound);
    if (!seesEveryVersion(user) && row.version < found.newestVersion) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    const revoked = { listing: found.listingRevoked, documentIds: new Set(found.documentRevoked ? [row.id] : []) };
    await this.permissions.requireUse(user, { ...row, revoked }, use);
    return row;
  }

  /**
   * "May this user view / download this document" (issue 23 §2), everything in one: 404 unknown / not visible / a
   * client's old version, 409 a step not reached, 403 revoked or (download) view only. The row when they may.
   */
  findUsable(user: IdentityClaims, documentId: string, use: DocumentUse, listingId?: string): Promise<DocumentRow> {
    return this.findVisible(user, documentId, listingId, (row) => fileNeed(user, row), use);
  }

  // ---- reads ----

  /** The selected (or given) listing's visible documents; none without a listing. */
  async listForSelection(user: IdentityClaims, explicit: string | undefined, filter?: (d: DocumentRow) => boolean): Promise<DocumentDto[]> {
    const listingId = await this.listingOf(user, explicit);
    return listingId ? this.visible(user, listingId, filter) : [];
  }

  stepDocuments(user: IdentityClaims, stepId: number, explicit?: string): Promise<DocumentDto[]> {
    const extra = user.role === 'SELLER' ? SELLER_STEP_FILTERS[stepId] : undefined;
    return this.listForSelection(user, explicit, (d) => d.stepId === stepId && (!extra || extra(d)));
  }

  async closing(user: IdentityClaims, explicit?: string): Promise<DocumentDto[]> {
    return pickClosingDocuments(await this.listForSelection(user, explicit));
  }

  /** The document staff provided (broker's newest over agent's newest) and the caller's own signed copies. */
  async provided(user: IdentityClaims, type: DocumentType, explicit?: string): Promise<ProvidedDocumentResponse> {
    const docs = (await this.listForSelection(user, explicit)).filter((d) => d.type === type);
    const staff = docs.filter((d) => d.category === 'STAFF_UPLOAD' || d.category === 'GENERATED');
    const document = staff.find((d) => d.uploader.role === 'BROKER') ?? staff.find((d) => d.uploader.role === 'AGENT') ?? null;
    return { document, signedCopies: docs.filter((d) => d.uploader.id === user.sub) };
  }

  // ---- writes ----

  /** One multipart request → documents (all or none), then the journey event of a client upload. */
  async upload(req: IncomingMessage, user: IdentityClaims, route: UploadRoute): Promise<UploadResponse> {
    // the listing of the path is checked before the body is read (a refusal drains it); else once the fields name it
    const known = route.listingId
      ? await this.access(user, route.listingId).catch((err: unknown) => {
          req.resume();
          throw err;
        })
      : null;
    let ctx: {
      listingId: string; type: DocumentType; stepId: number | null; audience: DocumentAudience; buyerId: string | null; tag: string | null; permission: DocumentPermission;
    } | null = null;
    const received = await receiveUpload(req, this.storage, {
      ...documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES),
      plan: async (raw) => {
        const fields: UploadFields = parseWith(uploadFieldsSchema, raw);
        ctx = await this.uploadContext(user, route, fields, known);
        return { keyPrefix: `listings/${ctx.listingId}`, allowedExtensions: ALLOWED_EXTENSIONS[uploadPurposeOf(ctx.type)] };
      },
    });
    const c = ctx!;
    await refuseUnreadablePdfs(this.storage, { ...c, category: categoryOf(user) }, received.files); // PDFs buyers get stamped must be stampable
    const rows: NewDocument[] = received.files.map((f) => ({
      listingId: c.listingId,
      category: categoryOf(user),
      type: c.type,
      stepId: c.stepId,
      audience: c.audience,
      buyerId: c.buyerId,
      ...storedFileColumns(f, user),
      tag: c.tag,
      permission: c.permission,
    }));
    // staff's files: the clients who may now see them get a notice, written with the rows (issue 24 §2)
    const share = isStaff(user) ? { parties: known ?? (await this.listings.parties(c.listingId, user)), title: await this.notices.title(c.listingId) } : null;
    let saved: DocumentRow[];
    try {
      saved = await this.docs.insertAll(rows, async (m, inserted) => {
        await this.conversions.request(m, inserted); // Word files: their PDF for viewing
        if (share) await this.notices.documentsShared(m, inserted, user, share.parties, share.title);
      });
    } catch (err) {
      await Promise.all(received.files.map((f) => this.storage.remove(f.key).catch(() => undefined)));
      throw err;
    }
    this.conversions.kick(); // the same outbox relay: the notices go with it
    for (const d of saved) this.announce('document.uploaded', d);
    const step = uploadStep(user.role, c.type);
    if (step) await this.journeys.record(step, user.sub, c.listingId, { wait: true });
    const documents = saved.map((d) => presentDocument(d, user));
    return { message: DOCUMENT_MSG.uploaded(documents.length), documents, document: documents[0]! };
  }

  private async uploadContext(user: IdentityClaims, route: UploadRoute, f: UploadFields, known: ListingPartiesResponse | null) {
    const listingId = route.listingId ?? (await this.listingOf(user, f.listingId));
    if (!listingId) throw new BadRequestException(DOCUMENT_MSG.noListing);
    // a non-party or a buyer before the NDA learns nothing of the form's checks: the rule comes first
    const parties = known ?? (await this.access(user, listingId));
    const type = f.documentType ?? route.defaultType?.(f.stepId);
    if (!type) throw new BadRequestException(DOCUMENT_MSG.typeRequired);
    if (!route.types.includes(type)) throw new BadRequestException(DOCUMENT_MSG.typeNotAllowed);
    const stepId = route.stepId ?? f.stepId ?? null;
    // a write to a step the client has not reached: 409 before any file is read (nothing stored)
    requireListingAccess(user, parties, uploadNeed(user.role, type, stepId), DOCUMENT_MSG.listingNotFound);
    const tag = checkedTag(user.role, type, f.tag || null);
    // what buyers may do with it: staff's choice (issue 23 §2); a client's own upload is always theirs to download
    const permission = isStaff(user) ? (f.permission ?? DEFAULT_DOCUMENT_PERMISSION) : DEFAULT_DOCUMENT_PERMISSION;
    if (user.role === 'SELLER') return { listingId, type, stepId, audience: 'SELLER' as const, buyerId: null, tag, permission };
    if (user.role === 'BUYER') return { listingId, type, stepId, audience: 'BUYER' as const, buyerId: user.sub, tag, permission };
    if (f.buyerId) {
      if (!parties.buyerIds.includes(f.buyerId)) throw new BadRequestException(DOCUMENT_MSG.buyerNotParty);
      return { listingId, type, stepId, audience: 'BUYER' as const, buyerId: f.buyerId, tag, permission };
    }
    return { listingId, type, stepId, audience: f.audience ?? STAFF_DEFAULT_AUDIENCE[type], buyerId: null, tag, permission };
  }

  /** PATCH /seller|buyer/documents/{id}/tag: the uploader re-tags (or untags) their own file; anyone else's is 404. */
  async setTag(user: IdentityClaims, documentId: string, tag: string | null): Promise<DocumentTagResponse> {
    const row = await this.findVisible(user, documentId, undefined, writeNeed);
    if (row.uploadedBy !== user.sub) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    const checked = checkedTag(row.uploadedByRole, row.type, tag);
    await this.docs.setTag(row.id, checked);
    this.announce('document.replaced', row);
    return { message: checked ? DOCUMENT_TAG_MSG.updated : DOCUMENT_TAG_MSG.removed, document: presentDocument({ ...row, tag: checked }, user) };
  }

  /** PATCH /broker|agent/listings/{listingId}/documents/{documentId}/permission (staff; the route's roles): at once for the next request. */
  async setPermission(user: IdentityClaims, listingId: string, documentId: string, permission: DocumentPermission): Promise<DocumentPermissionResponse> {
    const row = await this.findVisible(user, documentId, listingId);
    await this.permissionRows.setPermission(row.id, permission);
    this.announce('document.replaced', row);
    const versions = await this.docs.versionsOf(row);
    return { message: DOCUMENT_MSG.permissionUpdated(DOCUMENT_PERMISSION_LABELS[permission]), document: presentDocument({ ...row, permission }, user, versions.length) };
  }

  async delete(user: IdentityClaims, listingId: string, documentId: string): Promise<{ message: string }> {
    const row = await this.findVisible(user, documentId, listingId, writeNeed);
    if (!canDelete(user, row)) throw new ForbiddenException(DOCUMENT_MSG.cannotDelete);
    await this.docs.delete(row.id);
    await this.permissionRows.forgetDocument(row.id);
    this.announce('document.deleted', row);
    await this.storage.remove(row.storageKey).catch(() => undefined);
    await removeViewerObjects(this.storage, row).catch(() => undefined); // its viewers' stamped copies and page images
    return { message: DOCUMENT_MSG.deleted };
  }

  /** POST …/step/{id}/upload (the spec's simple form): files one of the caller's own uploads under the step. */
  async attachToStep(user: IdentityClaims, stepId: number, fileUrl: string): Promise<DocumentDto> {
    const id = /([0-9a-f-]{36})(?:\/download)?\/?$/i.exec(fileUrl)?.[1];
    if (!id) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    const row = await this.findVisible(user, id, undefined, (r) => writeNeed(r, stepId));
    if (row.uploadedBy !== user.sub) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    await this.docs.setStep(row.id, stepId);
    this.announce('document.replaced', row);
    return presentDocument({ ...row, stepId }, user);
  }

  /** A buyer's access changed (issue 23 §2): their open screens reload what they may see (ids only). */
  announceAccess(listingId: string, buyerId: string, documentId: string | null): void {
    this.live.emit(null, { type: 'document.replaced', listingId, userId: buyerId, ...(documentId ? { documentId } : {}) }, { clients: [buyerId] });
  }

  /**
   * A committed change of a document, told live to whoever may see it (staff, and the clients of its audience past the
   * access rule): `dd.file` for a due-diligence file, else `type`. Ids only.
   */
  announce(type: 'document.uploaded' | 'document.replaced' | 'document.deleted', d: Pick<DocumentRow, 'id' | 'listingId' | 'type' | 'audience' | 'buyerId'>): void {
    const dd = d.type === 'DUE_DILIGENCE' && type === 'document.uploaded';
    this.live.emit(null, { type: dd ? 'dd.file' : type, listingId: d.listingId, documentId: d.id, ...(d.buyerId ? { userId: d.buyerId } : {}) }, eventAudience(d));
  }
}
