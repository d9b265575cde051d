import type { DocumentDto } from '@brokerage/contracts/documents';
import { AREA } from '../../../api/client';

/** Buyer step 6 (id 5): the buyer's own documents (type UPLOADED_DOC), read from GET /buyer/documents. */
export const UPLOAD_DOCS_STEP = 5;
export const UPLOAD_DOCS_LIST_PATH = `/${AREA}/documents`;

/** The buyer's own uploads (not the signed purchase contracts, which step 7 lists). */
export const isOwnUpload = (d: DocumentDto) => d.category === 'BUYER_UPLOAD' && d.type !== 'PURCHASE_CONTRACT';
