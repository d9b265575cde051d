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
} as const;

/** Types offered for a seller's listing and for a buyer's listing in the broker lists (spec part 3 §3). */
export const ROW_DOCUMENT_TYPES: Record<'sellers' | 'buyers', readonly DocumentType[]> = {
  sellers: ['LISTING_AGREEMENT', 'PURCHASE_AGREEMENT', 'CLOSING_DOCS', 'UPLOADED_DOC'],
  buyers: ['NDA', 'FINANCIAL_STATEMENT', 'CBR_CIM', 'PURCHASE_CONTRACT', 'DUE_DILIGENCE', 'PRE_CLOSE_CHECKLIST', 'CLOSING_DOCS', 'UPLOADED_DOC'],
};
