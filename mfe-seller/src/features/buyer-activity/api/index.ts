import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { BUYER_ACTIVITY_STEP, type BuyerActivityResponse } from '@brokerage/contracts/buyer-activity';
import type { BuyerDecisionResponse } from '@brokerage/contracts/listings';
import type { StepChangeResponse } from '@brokerage/contracts/journeys';
import { toast } from '@brokerage/ui';
import { portalKeys, stepState, useJourney } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

export { BUYER_ACTIVITY_STEP };

export const BUYER_ACTIVITY_TEXT = {
  markFailed: 'Failed to update step status. Please try again.',
  decisionFailed: 'Failed to update the buyer. Please try again.',
  noListing: 'No listing selected. Please contact your broker or agent.',
  empty: 'No buyers',
  noMatch: 'No buyers match your search.',
} as const;

export const activityKey = (listingId: string) => portalKeys.buyerActivity(listingId);

/** GET /seller/listings/{listingId}/buyer-activity: the buyers of the selected listing and the stat cards. */
export const buyerActivityQuery = (listingId: string | null) =>
  queryOptions({
    queryKey: activityKey(listingId ?? 'none'),
    queryFn: () => apiFetch<BuyerActivityResponse>(apiPath('GET', '/seller/listings/:listingId/buyer-activity', { listingId: listingId! })),
    enabled: !!listingId,
  });

/** POST /seller/listings/{id}/approve-buyer | reject-buyer {buyerId}: the server's text as a toast, the table reloads. */
export function useBuyerDecision(listingId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ buyerId, decision }: { buyerId: string; decision: 'approve' | 'reject' }) =>
      apiFetch<BuyerDecisionResponse>(apiPath('POST', `/seller/listings/:id/${decision}-buyer`, { id: listingId ?? '' }), { method: 'POST', json: { buyerId } }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (err) => toast.error(err instanceof ApiError && err.status > 0 && err.message ? err.message : BUYER_ACTIVITY_TEXT.decisionFailed),
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(listingId ?? 'none') }),
  });
}

/** POST /seller/mark-step-completed {stepId: 5}: the new progress goes straight into the frame and the sidebar. */
export function useMarkBuyerActivityComplete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<StepChangeResponse>(apiPath('POST', '/seller/mark-step-completed'), { method: 'POST', json: { stepId: BUYER_ACTIVITY_STEP } }),
    onSuccess: (answer) => {
      if (answer?.progress) client.setQueryData(portalKeys.progress(AREA), answer.progress);
      return client.invalidateQueries({ queryKey: portalKeys.progress(AREA) });
    },
  });
}

/**
 * The spec's automatic rule (part 2 §4): on load, when the current step is 5 or later and step 5 is not completed,
 * it is marked completed (once per visit). Returns the Mark Complete mutation the button also uses.
 */
export function useBuyerActivityCompletion() {
  const { progress, isLoading } = useJourney();
  const mark = useMarkBuyerActivityComplete();
  const tried = useRef(false);
  const state = stepState(BUYER_ACTIVITY_STEP, progress);
  const due = !isLoading && progress.currentStep >= BUYER_ACTIVITY_STEP && state !== 'completed';
  useEffect(() => {
    if (!due || tried.current) return;
    tried.current = true;
    mark.mutate();
  }, [due, mark]);
  return { mark, state };
}
