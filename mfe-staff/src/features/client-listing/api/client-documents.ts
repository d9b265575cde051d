import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { DocumentDto, DocumentListResponse } from '@brokerage/contracts/documents';
import type { StaffArea } from '../../../api';
import { documentKeys } from '../../documents';

/** A PDF the worker made of the seller's own submission (questionnaire): audience SELLER, no buyer. */
const sellersGeneratedPdf = (d: DocumentDto) => d.category === 'GENERATED' && d.audience === 'SELLER' && !d.buyerId;

/**
 * GET /{area}/listings/{listingId}/seller-documents: the seller's own uploads on the listing (spec part 3 §7), plus the
 * PDFs generated from the seller's submitted forms (from GET /{area}/listings/{listingId}/documents: seller-documents
 * holds uploads only, so the submitted questionnaire was on no panel of the seller's progress screen). Newest first.
 * Keyed under the documents feature's keys, so an upload's refresh reaches it too.
 */
export const sellerDocumentsQuery = (area: StaffArea, listingId: string) =>
  queryOptions({
    queryKey: documentKeys.sellerDocuments(area, listingId),
    queryFn: async () => {
      const [own, all] = await Promise.all([
        apiFetch<DocumentListResponse>(apiPath('GET', `/${area}/listings/:listingId/seller-documents`, { listingId })),
        apiFetch<DocumentListResponse>(apiPath('GET', `/${area}/listings/:listingId/documents`, { listingId })),
      ]);
      return [...own.documents, ...all.documents.filter(sellersGeneratedPdf)].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
    },
  });
