import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { StaffProgressView, StaffStepChangeResponse } from '@brokerage/contracts/staff-views';
import { staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

/** Whose journey a progress view shows: the listing's seller or one of its buyers. */
export type ClientKind = 'sellers' | 'buyers';

/** One client on one listing, as the route /{area}/{kind}/{clientId}/{listingId} names it. */
export interface ClientListingRef {
  area: StaffArea;
  kind: ClientKind;
  clientId: string;
  listingId: string;
}

export const progressKeys = {
  view: (r: ClientListingRef) => staffKeys.progress(r.area, r.kind, r.clientId, r.listingId),
};

/**
 * GET /{area}/listings/{listingId}/progress (the listing's seller) or
 * GET /{area}/buyers/{buyerId}/listings/{listingId}/progress (spec part 3 §7 "Progress monitoring").
 * The server answers 404 when the listing is not in the caller's scope (an agent: not assigned) or the client is not
 * its seller / one of its buyers; that is not worth retrying.
 */
export const clientProgressQuery = (r: ClientListingRef) => {
  const path =
    r.kind === 'sellers'
      ? apiPath('GET', `/${r.area}/listings/:listingId/progress`, { listingId: r.listingId })
      : apiPath('GET', `/${r.area}/buyers/:buyerId/listings/:listingId/progress`, { buyerId: r.clientId, listingId: r.listingId });
  return queryOptions({ queryKey: progressKeys.view(r), queryFn: () => apiFetch<StaffProgressView>(path) });
};

/**
 * POST /{area}/{sellers|buyers}/{userId}/listings/{listingId}/steps/{stepId}/complete | reopen: staff record a step
 * done (or undo it) for the client; the answer carries the new progress.
 */
export function useStepChange(r: ClientListingRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, action }: { stepId: number; action: 'complete' | 'reopen' }) =>
      apiFetch<StaffStepChangeResponse>(
        apiPath('POST', `/${r.area}/${r.kind}/:userId/listings/:listingId/steps/:stepId/${action}`, { userId: r.clientId, listingId: r.listingId, stepId }),
        { method: 'POST' },
      ),
    onSuccess: (answer) => qc.setQueryData(progressKeys.view(r), answer.progress),
  });
}
