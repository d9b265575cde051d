import type { DocumentDto, ListingAgreement } from '@brokerage/contracts';

const isStaffProvided = (d: DocumentDto) => d.category === 'STAFF_UPLOAD' || d.category === 'GENERATED';
const time = (d: DocumentDto) => Date.parse(d.uploadedAt);

/**
 * The agreement object from the listing's LISTING_AGREEMENT documents the seller sees (newest first, as the repository lists them):
 * current = broker's newest over agent's newest (the document part's rule); version = its 1-based place among every staff-provided
 * agreement, oldest first; signed copy = the seller's newest upload at or after the current one was provided.
 */
export function agreementOf(listingId: string | null, docs: DocumentDto[], sellerId: string): ListingAgreement {
  const provided = docs.filter(isStaffProvided);
  const current = provided.find((d) => d.uploader.role === 'BROKER') ?? provided.find((d) => d.uploader.role === 'AGENT') ?? null;
  if (!current) return { listingId, preparedBy: null, version: 0, document: null, signedCopy: null, signedAt: null, status: 'NOT_PROVIDED' };
  const oldestFirst = [...provided].reverse();
  const version = oldestFirst.findIndex((d) => d.id === current.id) + 1;
  const signedCopy = docs.find((d) => d.category === 'SELLER_UPLOAD' && d.uploader.id === sellerId && time(d) >= time(current)) ?? null;
  return {
    listingId,
    preparedBy: { id: current.uploader.id, name: current.uploader.name, role: current.uploader.role },
    version,
    document: current,
    signedCopy,
    signedAt: signedCopy?.uploadedAt ?? null,
    status: signedCopy ? 'SIGNED' : 'AWAITING_SIGNATURE',
  };
}
