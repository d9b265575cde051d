import type { IdentityClaims } from '@brokerage/contracts';
import type { DocumentRow } from './documents.repository.js';

export const isStaff = (user: IdentityClaims) => user.role === 'BROKER' || user.role === 'AGENT';

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

/** The uploader deletes their own; broker and agent delete staff documents and the worker's (a signed NDA is evidence: not its signer's to remove). */
export function canDelete(user: IdentityClaims, doc: Pick<DocumentRow, 'uploadedBy' | 'category'>): boolean {
  if (doc.category === 'GENERATED') return isStaff(user);
  if (doc.uploadedBy === user.sub) return true;
  return isStaff(user) && doc.category === 'STAFF_UPLOAD';
}
