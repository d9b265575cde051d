import type { DocumentPermission, IdentityClaims } from '@brokerage/contracts';

/** What a caller does with a document's content: view it (the list, the viewer's pages, an inline open) or download it. */
export type DocumentUse = 'view' | 'download';

/** A buyer's revoked accesses on one listing: every document (listing) or some (documentIds). */
export interface BuyerRevocations {
  listing: boolean;
  documentIds: ReadonlySet<string>;
}
export const NO_REVOCATIONS: BuyerRevocations = { listing: false, documentIds: new Set() };

/**
 * Issue 23 §2, the data room's rule on a document the caller already may see (party, audience, journey step: those come
 * first, DocumentsService.findVisible): only a buyer is bound, and never on their own uploads. A revoked access (the
 * listing's documents or this one) refuses every use; a view-only document refuses the download. Sellers and staff: ok.
 */
export function decideDocumentUse(
  user: Pick<IdentityClaims, 'sub' | 'role'>,
  doc: { id: string; uploadedBy: string | null; permission: DocumentPermission },
  revoked: BuyerRevocations,
  use: DocumentUse,
): 'ok' | 'listing-revoked' | 'revoked' | 'view-only' {
  if (user.role !== 'BUYER' || doc.uploadedBy === user.sub) return 'ok';
  if (revoked.listing) return 'listing-revoked';
  if (revoked.documentIds.has(doc.id)) return 'revoked';
  if (use === 'download' && doc.permission === 'VIEW_ONLY') return 'view-only';
  return 'ok';
}

/** Whether the caller may download the document (the list's `canDownload`; revocations aside: those hide it). */
export const mayDownload = (user: Pick<IdentityClaims, 'sub' | 'role'>, doc: { uploadedBy: string | null; permission: DocumentPermission }) =>
  user.role !== 'BUYER' || doc.uploadedBy === user.sub || doc.permission !== 'VIEW_ONLY';
