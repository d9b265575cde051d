import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { CurrentListingResponse, SelectListingResponse } from '@brokerage/contracts/listings';
import { toast } from '@brokerage/ui';
import { initialProgress, normalizeProgress, type JourneyArea, type JourneyProgress } from './journey.js';

import { portalKeys } from './query-keys.js';

export { portalKeys };


const areaOf = (path: string): JourneyArea => (path.startsWith('/buyer') ? 'buyer' : 'seller');

/** GET /seller|buyer/progress as a query (the frame and the home screen share it). */
export const progressQuery = (area: JourneyArea) =>
  queryOptions({
    queryKey: portalKeys.progress(area),
    queryFn: () => apiFetch<unknown>(apiPath('GET', `/${area}/progress`)),
  });

/** GET /seller|buyer/current-listing as a query: the selected listing and whether the user must pick one. */
export const currentListingQuery = (area: JourneyArea) =>
  queryOptions({
    queryKey: portalKeys.currentListing(area),
    queryFn: () => apiFetch<CurrentListingResponse>(apiPath('GET', `/${area}/current-listing`)),
  });

export const LOAD_FAILED_TEXT = 'Failed to load data';

/** Toasts "Failed to load data" once each time a screen's data goes from loading to failed. */
export function useLoadFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED_TEXT);
  }, [failed]);
}

/**
 * Progress of the signed-in seller or buyer (GET /seller/progress, /buyer/progress).
 * Until it loads, or when the server has none (e.g. 501 while the route is not built), only step 1 is open.
 */
export function useJourneyProgress(path: '/seller/progress' | '/buyer/progress'): {
  progress: JourneyProgress;
  isLoading: boolean;
  error: unknown;
} {
  const q = useQuery(progressQuery(areaOf(path)));
  return {
    progress: q.data ? normalizeProgress(q.data) : initialProgress(),
    isLoading: q.isLoading,
    error: q.error,
  };
}

/** The selected listing and whether the user must pick one (GET /seller|buyer/current-listing). */
export function useCurrentListing(area: JourneyArea) {
  return useQuery(currentListingQuery(area));
}

export const SELECT_TEXT = {
  success: 'Listing selected successfully',
  failure: 'Failed to select listing',
} as const;

/**
 * POST /seller|buyer/select-listing {listingId}: toasts the spec's texts and reloads the portal's data (the picker
 * closes once current-listing answers needsSelection false). `selectingId` is the listing being selected.
 */
export function useSelectListing(area: JourneyArea) {
  const client = useQueryClient();
  const m = useMutation({
    mutationFn: (listingId: string) =>
      apiFetch<SelectListingResponse>(apiPath('POST', `/${area}/select-listing`), { method: 'POST', json: { listingId } }),
    onSuccess: (answer) => {
      toast.success(SELECT_TEXT.success);
      // The answer carries the new journey's progress: the sidebar follows at once, the rest reloads.
      if (answer?.progress) client.setQueryData(portalKeys.progress(area), answer.progress);
      return client.invalidateQueries({ queryKey: portalKeys.all(area) });
    },
    onError: () => toast.error(SELECT_TEXT.failure),
  });
  return { select: m.mutate, selectingId: m.isPending ? m.variables : undefined };
}
