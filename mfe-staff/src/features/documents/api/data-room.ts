import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { DocumentPermission, DocumentPermissionResponse, RevocationList, RevocationResponse } from '@brokerage/contracts/documents';
import type { ListingEngagement } from '@brokerage/contracts/engagement';
import type { StaffArea } from '../../../api';
import { documentKeys } from './documents';

/*
 * The data room of a listing for staff (issue 23 §2, §3): per-document permission, buyers' revoked accesses, and the
 * buyers' page-level engagement. Keyed under the documents feature's keys (staffKeys.documents()), so the live
 * document events and an upload's refresh reach them too.
 */

/** GET /{area}/listings/{listingId}/revocations: one buyer's access to one document, or to all (documentId null). */
export const revocationsQuery = (area: StaffArea, listingId: string) =>
  queryOptions({
    queryKey: documentKeys.revocations(area, listingId),
    queryFn: async () => (await apiFetch<RevocationList>(apiPath('GET', `/${area}/listings/:listingId/revocations`, { listingId }))).revocations,
  });

/** GET /{area}/listings/{listingId}/engagement: per buyer, documents opened, first/last view, time per page. */
export const engagementQuery = (area: StaffArea, listingId: string) =>
  queryOptions({
    queryKey: documentKeys.engagement(area, listingId),
    queryFn: async () => (await apiFetch<ListingEngagement>(apiPath('GET', `/${area}/listings/:listingId/engagement`, { listingId }))).buyers,
  });

/** PATCH /{area}/listings/{listingId}/documents/{documentId}/permission → {message, document}; the lists refetch. */
export function useSetPermission(area: StaffArea, listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, permission }: { documentId: string; permission: DocumentPermission }) =>
      apiFetch<DocumentPermissionResponse>(apiPath('PATCH', `/${area}/listings/:listingId/documents/:documentId/permission`, { listingId, documentId }), {
        method: 'PATCH',
        json: { permission },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export interface AccessChange {
  action: 'revoke' | 'restore';
  buyerId: string;
  /** null: every document of the listing. */
  documentId: string | null;
}

/** POST /{area}/buyers/{buyerId}/listings/{listingId}/revoke|restore {documentId?} → the listing's revocations after it. */
export function useChangeAccess(area: StaffArea, listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, buyerId, documentId }: AccessChange) =>
      apiFetch<RevocationResponse>(
        action === 'revoke'
          ? apiPath('POST', `/${area}/buyers/:buyerId/listings/:listingId/revoke`, { buyerId, listingId })
          : apiPath('POST', `/${area}/buyers/:buyerId/listings/:listingId/restore`, { buyerId, listingId }),
        { method: 'POST', json: documentId ? { documentId } : {} },
      ),
    onSuccess: (answer) => {
      qc.setQueryData(documentKeys.revocations(area, listingId), answer.revocations);
      return qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
