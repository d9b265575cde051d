import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import {
  DUE_DILIGENCE_DOC_TYPES,
  DUE_DILIGENCE_STEP_ID,
  type DueDiligenceDocumentName,
  type SellerDueDiligenceRequests,
  type SellerDueDiligenceView,
} from '@brokerage/contracts/due-diligence';
import { toast } from '@brokerage/ui';
import { FILE_DELETE_TEXT, portalKeys } from '@brokerage/ui/portal';

/** Seller step 8 of 11 (id 7): the first due-diligence upload completes it (documents service → journey). */
export const DUE_DILIGENCE_STEP = DUE_DILIGENCE_STEP_ID;

export const ddKeys = {
  view: portalKeys.sellerDueDiligence(),
  /** Every listing's open requests (after an upload), or one listing's. */
  requests: portalKeys.sellerDueDiligenceRequests,
};

/** GET /seller/due-diligence: the selected listing's open requests and the seller's own due-diligence files. */
export const sellerDueDiligenceQuery = () =>
  queryOptions({ queryKey: ddKeys.view, queryFn: () => apiFetch<SellerDueDiligenceView>(apiPath('GET', '/seller/due-diligence')) });

/** GET /seller/listings/{id}/due-diligence/requests: names buyers still wait for (how many buyers, no identities). */
export const openRequestsQuery = (listingId: string | null | undefined) =>
  queryOptions({
    queryKey: ddKeys.requests(listingId ?? ''),
    queryFn: () => apiFetch<SellerDueDiligenceRequests>(apiPath('GET', '/seller/listings/:id/due-diligence/requests', { id: listingId! })),
    enabled: !!listingId,
  });

/** POST /seller/listings/{id}/due-diligence/{docType}/upload: files filed under one of the 16 names. */
export const ddUploadPath = (listingId: string, documentName: DueDiligenceDocumentName) =>
  apiPath('POST', '/seller/listings/:id/due-diligence/:docType/upload', { id: listingId, docType: DUE_DILIGENCE_DOC_TYPES[documentName] });

/** DELETE /seller/listings/{listingId}/due-diligence/documents/{documentId} with the spec's alerts. */
export function useDeleteDdFile(listingId: string | null | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch<{ message: string }>(apiPath('DELETE', '/seller/listings/:listingId/due-diligence/documents/:documentId', { listingId: listingId ?? '', documentId }), {
        method: 'DELETE',
      }),
    onSuccess: () => {
      toast.success(FILE_DELETE_TEXT.done);
      return client.invalidateQueries({ queryKey: ddKeys.view });
    },
    onError: (err) => toast.error(FILE_DELETE_TEXT.failed(serverMessage(err) ?? 'Please try again.')),
  });
}
