import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';
import type { OffersResponse, RecordOfferRequest, RecordOfferResponse } from '@brokerage/contracts/buyer-activity';
import type { StaffArea } from '../../../api';

/** GET|POST /{area}/buyers/{buyerId}/listings/{listingId}/offers (defined; gateway ROUTES.md). */
export const offersPath = (area: StaffArea, buyerId: string, listingId: string, method: 'GET' | 'POST' = 'GET') =>
  apiPath(method, `/${area}/buyers/:buyerId/listings/:listingId/offers`, { buyerId, listingId });

export const offerKeys = {
  list: staffKeys.offers,
};

/** One buyer's offers on one listing. */
export const offersQuery = (area: StaffArea, buyerId: string, listingId: string) =>
  queryOptions({
    queryKey: offerKeys.list(area, buyerId, listingId),
    queryFn: async () => (await apiFetch<OffersResponse>(offersPath(area, buyerId, listingId))).offers,
  });

export function useRecordOffer(area: StaffArea, buyerId: string, listingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordOfferRequest) =>
      apiFetch<RecordOfferResponse>(offersPath(area, buyerId, listingId, 'POST'), { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: offerKeys.list(area, buyerId, listingId) }),
  });
}
