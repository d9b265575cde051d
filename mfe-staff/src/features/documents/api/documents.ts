import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { ActivityResponse, DocumentListResponse } from '@brokerage/contracts/documents';
import { staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

/** Whose documents a row shows: the listing's (seller rows) or one buyer's on the listing (buyer rows). */
export interface DocumentsScope {
  area: StaffArea;
  listingId: string;
  /** Set on buyer rows: GET /{area}/buyers/{buyerId}/listings/{listingId}/documents. */
  buyerId?: string;
}

export const documentKeys = {
  all: staffKeys.documents(),
  list: (s: DocumentsScope) => [...staffKeys.documents(), s.area, s.listingId, s.buyerId ?? null] as const,
  activity: (area: StaffArea, listingId: string, userId: string) => [...staffKeys.documents(), 'activity', area, listingId, userId] as const,
  sellerDocuments: (area: StaffArea, listingId: string) => [...staffKeys.documents(), 'seller-documents', area, listingId] as const,
  /** Issue 23 §2: the buyers' revoked accesses on the listing. */
  revocations: (area: StaffArea, listingId: string) => [...staffKeys.documents(), 'revocations', area, listingId] as const,
  /** Issue 23 §3: the buyers' page-level engagement on the listing. */
  engagement: (area: StaffArea, listingId: string) => [...staffKeys.documents(), 'engagement', area, listingId] as const,
};

const listPath = ({ area, listingId, buyerId }: DocumentsScope) =>
  buyerId
    ? apiPath('GET', `/${area}/buyers/:buyerId/listings/:listingId/documents`, { buyerId, listingId })
    : apiPath('GET', `/${area}/listings/:listingId/documents`, { listingId });

/** POST /{area}/listings/{listingId}/documents: multipart documentType, optional buyerId, then the file. */
export const uploadPath = (area: StaffArea, listingId: string) => apiPath('POST', `/${area}/listings/:listingId/documents`, { listingId });

/** A listing's documents (seller rows) or one buyer's on it (buyer rows). */
export const listingDocumentsQuery = (scope: DocumentsScope) =>
  queryOptions({
    queryKey: documentKeys.list(scope),
    queryFn: async () => (await apiFetch<DocumentListResponse>(listPath(scope))).documents,
  });

/** DELETE /{area}/listings/{listingId}/documents/{documentId}. */
export function useDeleteListingDocument(area: StaffArea, listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch<{ message: string }>(apiPath('DELETE', `/${area}/listings/:listingId/documents/:documentId`, { listingId, documentId }), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** After an upload (XHR, outside TanStack Query) the lists refetch. */
export function useRefreshDocuments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: documentKeys.all });
}

/** GET /{area}/listings/{listingId}/activity[?userId=]: the listing's downloads, newest first. '' = everyone. */
export const listingActivityQuery = (area: StaffArea, listingId: string, userId: string) =>
  queryOptions({
    queryKey: documentKeys.activity(area, listingId, userId),
    queryFn: async () => {
      return (await apiFetch<ActivityResponse>(apiPath('GET', `/${area}/listings/:listingId/activity`, { listingId }, { userId: userId || undefined }))).downloads;
    },
    placeholderData: keepPreviousData,
  });
