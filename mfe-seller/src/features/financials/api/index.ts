import { tagOptionsOf } from '@brokerage/contracts/document-tags';
import { apiPath } from '@brokerage/contracts/api/path';
import type { RequestedDocuments } from '@brokerage/ui/portal';

/** Seller step 5 (id 4): FINANCIAL_DOCUMENTS filed under step 4, read back from GET /seller/step/4/documents. */
export const FINANCIALS_STEP = 4;
export const FINANCIALS_LIST_PATH = apiPath('GET', '/seller/step/:id/documents', { id: FINANCIALS_STEP });

/** Spec part 2 §9: the 9 financial documents the broker asks the seller for (contracts SELLER_FINANCIAL_DOCUMENTS). */
export const FINANCIALS_REQUESTED: RequestedDocuments = {
  title: 'Requested financial documents',
  intro:
    'Please upload these documents (any of the accepted file types; several files per item are fine). Choose the document type before choosing the files: an item is ticked once a file of that type is uploaded.',
  items: tagOptionsOf('SELLER_FINANCIAL_DOCUMENTS'),
};
