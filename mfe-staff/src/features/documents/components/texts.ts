import type { DocumentType } from '@brokerage/contracts/documents';

/** Broker and agent document alerts (spec part 3 §8) and the upload form's texts (part 3 §5). */
export const DOCUMENT_TEXT = {
  uploaded: (file: string) => `Successfully uploaded ${file} for listing`,
  deleted: 'Document deleted successfully',
  deleteFailed: (message?: string) => (message ? `Delete failed: ${message}` : 'Delete failed. Please try again.'),
  selectType: 'Please select a document type.',
  loadFailed: 'Failed to load documents. Please try again later.',
  activityLoadFailed: 'Failed to load activity. Please try again later.',
  /** Under a row's staff documents: the client's own uploads (only their uploader deletes them). */
  clientUploadsTitle: 'Uploaded by the seller or buyer',
  // ---- the data room (issue 23 §2, §3) ----
  /** The upload's permission choice; the buyer-side hint when the type is the seller's alone. */
  permissionLabel: 'Buyers may',
  sellerOnly: 'Buyers do not see this document type.',
  permissionFailed: (message?: string) => (message ? `Permission not changed: ${message}` : 'Permission not changed. Please try again.'),
  accessFailed: (message?: string) => (message ? `Access not changed: ${message}` : 'Access not changed. Please try again.'),
  /** Whole-listing access, per buyer. */
  listingAccessTitle: "Buyer access to the listing's documents",
  listingAccessHint: 'Revoking takes effect at once, open viewers included; files the buyer uploaded stay theirs.',
  hasAccess: 'Has access',
  revokedAll: 'Access revoked',
  revokeAll: 'Revoke all',
  restoreAll: 'Restore all',
  revokeAllTitle: 'Revoke access',
  revokeAllConfirm: (buyer: string, listing: string) => `Revoke ${buyer}'s access to every document of ${listing}? You can restore it later.`,
  revocationsLoadFailed: 'Failed to load buyer access. Please try again later.',
  noBuyers: 'No buyers on this listing yet.',
  engagementLoadFailed: 'Failed to load document engagement. Please try again later.',
  /** The download audit's Action column (DownloadRecord.via): the file left the room, or only its page images did. */
  via: { file: 'Downloaded', viewer: 'Opened in viewer' },
} as const;

/** Types offered for a seller's listing and for a buyer's listing in the broker lists (spec part 3 §3). */
export const ROW_DOCUMENT_TYPES: Record<'sellers' | 'buyers', readonly DocumentType[]> = {
  sellers: ['LISTING_AGREEMENT', 'PURCHASE_AGREEMENT', 'CLOSING_DOCS', 'UPLOADED_DOC'],
  buyers: ['NDA', 'FINANCIAL_STATEMENT', 'CBR_CIM', 'PURCHASE_CONTRACT', 'DUE_DILIGENCE', 'PRE_CLOSE_CHECKLIST', 'CLOSING_DOCS', 'UPLOADED_DOC'],
};
