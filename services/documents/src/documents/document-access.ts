import type { DocumentType, IdentityClaims, ListingNeed } from '@brokerage/contracts';
import type { ListingEventAudience } from '@brokerage/contracts/live-events';
import { uploadStep } from '../journey-events/journey-events.service.js';
import type { DocumentRow } from './documents.repository.js';

export const isStaff = (user: Pick<IdentityClaims, 'role'>) => user.role === 'BROKER' || user.role === 'AGENT';

/**
 * Who sees a document of a listing the user is a member of: staff every one; the seller those meant for the seller or
 * everyone; a buyer those meant for all buyers, everyone, or that buyer alone — never another buyer's, never the
 * seller's own uploads (audience SELLER).
 */
export function canSee(user: IdentityClaims, doc: Pick<DocumentRow, 'audience' | 'buyerId'>): boolean {
  if (isStaff(user)) return true;
  if (user.role === 'SELLER') return doc.audience === 'SELLER' || doc.audience === 'ALL';
  if (user.role === 'BUYER') return doc.audience === 'BUYERS' || doc.audience === 'ALL' || (doc.audience === 'BUYER' && doc.buyerId === user.sub);
  return false;
}

/** The clients a document's live events go to: those canSee lets see it (staff always get them). */
export function eventAudience(doc: Pick<DocumentRow, 'audience' | 'buyerId'>): ListingEventAudience {
  if (doc.audience === 'ALL') return { clients: 'all' };
  if (doc.audience === 'SELLER') return { clients: 'seller' };
  if (doc.audience === 'BUYERS') return { clients: 'buyers' };
  return { clients: doc.buyerId ? [doc.buyerId] : 'none' };
}

/** The uploader deletes their own; broker and agent delete staff documents and the worker's (a signed NDA is evidence: not its signer's to remove). */
export function canDelete(user: IdentityClaims, doc: Pick<DocumentRow, 'uploadedBy' | 'category'>): boolean {
  if (doc.category === 'GENERATED') return isStaff(user);
  if (doc.uploadedBy === user.sub) return true;
  return isStaff(user) && doc.category === 'STAFF_UPLOAD';
}

// ---- the journey step of a document (the access rule's `need`: contracts decideListingAccess) ----

/**
 * The step a document type belongs to whatever stepId it was filed with (the same id on both journeys: 2 listing
 * agreement / NDA, 4 financials / CBR-CIM, 6 purchase agreement / contract, 7 due diligence, 9 closing). A staff
 * CBR/CIM uploaded without a step is still a step-4 file.
 */
const TYPE_STEP: Partial<Record<DocumentType, number>> = {
  LISTING_AGREEMENT: 2,
  FINANCIAL_DOCUMENTS: 4,
  CBR_CIM: 4,
  PURCHASE_AGREEMENT: 6,
  PURCHASE_CONTRACT: 6,
  DUE_DILIGENCE: 7,
  CLOSING_DOCS: 9,
  CLOSING_DOCUMENTS: 9,
};

/** The step of a stored document: the later of its stepId and its type's step (0: no step). */
export const documentStep = (doc: Pick<DocumentRow, 'type' | 'stepId'>): number => Math.max(doc.stepId ?? 0, TYPE_STEP[doc.type] ?? 0);

/**
 * Reading a document's FILE (download, its url, the CBR/CIM intent): a buyer only once they reached the document's
 * step; a seller reads freely (NDA-free: sellers have none); staff are not bound.
 */
export const fileNeed = (user: IdentityClaims, doc: Pick<DocumentRow, 'type' | 'stepId'>): ListingNeed =>
  user.role === 'BUYER' ? { step: documentStep(doc) } : {};

/** A client's write on a stored document (delete, re-tag, file under a step): its step must be reached. */
export const writeNeed = (doc: Pick<DocumentRow, 'type' | 'stepId'>, step = 0): ListingNeed => ({ step: Math.max(documentStep(doc), step) });

/**
 * A client's upload: the later of the form's stepId and the step its type completes (CONVENTIONS "Journey events":
 * seller LISTING_AGREEMENT 2, FINANCIAL_DOCUMENTS 4, PURCHASE_AGREEMENT 6, DUE_DILIGENCE 7; buyer PURCHASE_CONTRACT 6,
 * any other 5). Staff are not bound (decideListingAccess).
 */
export const uploadNeed = (role: string, type: DocumentType, stepId: number | null): ListingNeed => ({
  step: Math.max(stepId ?? 0, uploadStep(role, type)?.stepId ?? 0),
});
