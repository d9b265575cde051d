import type { DocumentDto } from '@brokerage/contracts/documents';
import { apiPath } from '@brokerage/contracts/api/path';
import { tagOptionsOf } from '@brokerage/contracts/document-tags';
import type { RequestedDocuments } from '@brokerage/ui/portal';

/** Buyer step 6 (id 5): the buyer's own documents (type UPLOADED_DOC), read from GET /buyer/documents. */
export const UPLOAD_DOCS_STEP = 5;
export const UPLOAD_DOCS_LIST_PATH = apiPath('GET', '/buyer/documents');

/** The buyer's own uploads (not the signed purchase contracts, which step 7 lists). */
export const isOwnUpload = (d: DocumentDto) => d.category === 'BUYER_UPLOAD' && d.type !== 'PURCHASE_CONTRACT';

/** Spec part 2 §9: the 10 documents the broker asks a buyer for (contracts BUYER_REQUESTED_DOCUMENTS). */
export const UPLOAD_DOCS_REQUESTED: RequestedDocuments = {
  title: 'Requested documents',
  intro: 'Your broker will ask for these documents. Choose the document type before choosing the files: an item is ticked once a file of that type is uploaded.',
  items: tagOptionsOf('BUYER_REQUESTED_DOCUMENTS'),
};
