export { ListingDocumentsSection } from './components/ListingDocuments';
export { ActivityPage } from './components/ActivityPage';
// The upload and audit pieces the client progress views (features/client-listing) reuse.
export {
  documentKeys,
  uploadPath,
  useDeleteListingDocument,
  listingActivityQuery,
  listingDocumentsQuery,
  useRefreshDocuments,
  type DocumentsScope,
} from './api/documents';
export { DOCUMENT_TEXT } from './components/texts';
export { useDeleteDocumentAction } from './components/use-delete-document';
export { DownloadedDocument, downloadViaColumn } from './components/DownloadedDocument';
// The data room controls (issue 23 §2): the progress screens' upload panel uses them too.
export { ListingAccessPanel, StaffDocumentList, UploadPermissionSelect, uploadPermissionField, useUploadPermission } from './components/DataRoom';
