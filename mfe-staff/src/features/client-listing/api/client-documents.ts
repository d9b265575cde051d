import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import type { DocumentListResponse } from '@brokerage/contracts/documents';
import type { StaffArea } from '../../../api';
import { documentKeys } from '../../documents';

/**
 * GET /{area}/listings/{listingId}/seller-documents: the seller's own uploads on the listing (spec part 3 §7). Keyed
 * under the documents feature's keys, so an upload's refresh reaches it too.
 */
export function useSellerDocuments(area: StaffArea, listingId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...documentKeys.all, 'seller-documents', area, listingId] as const,
    queryFn: async () =>
      (await apiFetch<DocumentListResponse>(`/${area}/listings/${encodeURIComponent(listingId)}/seller-documents`)).documents,
  });
}
