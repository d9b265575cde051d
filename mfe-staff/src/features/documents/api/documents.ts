import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import type { ActivityResponse, DocumentListResponse } from '@brokerage/contracts/documents';
import type { StaffArea } from '../../../api';

const enc = encodeURIComponent;

/** Whose documents a row shows: the listing's (seller rows) or one buyer's on the listing (buyer rows). */
export interface DocumentsScope {
  area: StaffArea;
  listingId: string;
  /** Set on buyer rows: GET /{area}/buyers/{buyerId}/listings/{listingId}/documents. */
  buyerId?: string;
}

export const documentKeys = {
  all: ['staff-documents'] as const,
  list: (s: DocumentsScope) => ['staff-documents', s.area, s.listingId, s.buyerId ?? null] as const,
  activity: (area: StaffArea, listingId: string, userId: string) => ['staff-documents', 'activity', area, listingId, userId] as const,
};

const listPath = ({ area, listingId, buyerId }: DocumentsScope) =>
  buyerId ? `/${area}/buyers/${enc(buyerId)}/listings/${enc(listingId)}/documents` : `/${area}/listings/${enc(listingId)}/documents`;

/** POST /{area}/listings/{listingId}/documents: multipart documentType, optional buyerId, then the file. */
export const uploadPath = (area: StaffArea, listingId: string) => `/${area}/listings/${enc(listingId)}/documents`;

export function useListingDocuments(scope: DocumentsScope) {
  return useQuery({
    queryKey: documentKeys.list(scope),
    queryFn: async () => (await apiFetch<DocumentListResponse>(listPath(scope))).documents,
  });
}

/** DELETE /{area}/listings/{listingId}/documents/{documentId}. */
export function useDeleteListingDocument(area: StaffArea, listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch<{ message: string }>(`${uploadPath(area, listingId)}/${enc(documentId)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** After an upload (XHR, outside TanStack Query) the lists refetch. */
export function useRefreshDocuments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: documentKeys.all });
}

/** GET /{area}/listings/{listingId}/activity[?userId=]: the listing's downloads, newest first. '' = everyone. */
export function useListingActivity(area: StaffArea, listingId: string, userId: string) {
  return useQuery({
    queryKey: documentKeys.activity(area, listingId, userId),
    queryFn: async () => {
      const q = userId ? `?userId=${enc(userId)}` : '';
      return (await apiFetch<ActivityResponse>(`/${area}/listings/${enc(listingId)}/activity${q}`)).downloads;
    },
    placeholderData: keepPreviousData,
  });
}
