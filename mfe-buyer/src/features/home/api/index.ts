import { apiFetch } from '@brokerage/api-client';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import type { BuyerDashboardResponse } from '@brokerage/contracts/dashboards';
import type { BuyerAvailableListingsResponse, BuyerListing, BuyerListingsResponse, CurrentListingResponse } from '@brokerage/contracts/listings';
import { currentListingQuery, portalKeys, progressQuery, type PickerListing } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** GET /buyer/dashboard: the buyer's stats. */
export const buyerDashboardQuery = () =>
  queryOptions({ queryKey: portalKeys.dashboard(AREA), queryFn: () => apiFetch<BuyerDashboardResponse>(apiPath('GET', '/buyer/dashboard')) });

/** GET /buyer/listings: the listings the buyer takes part in. */
export const buyerListingsQuery = () =>
  queryOptions({ queryKey: portalKeys.listings(AREA), queryFn: () => apiFetch<BuyerListingsResponse>(apiPath('GET', '/buyer/listings')) });

/** GET /buyer/available-listings: the ACTIVE listings (cards) a buyer may pick. */
export const availableListingsQuery = () =>
  queryOptions({ queryKey: portalKeys.availableListings(), queryFn: () => apiFetch<BuyerAvailableListingsResponse>(apiPath('GET', '/buyer/available-listings')) });

/**
 * The buyer home's data, loaded in parallel (spec part 2 §7): stats, the buyer's listings, the available ACTIVE
 * listings, progress and current listing.
 */
export function useBuyerHome() {
  const [dashboard, listings, available, progress, current] = useQueries({
    queries: [
      buyerDashboardQuery(),
      buyerListingsQuery(),
      availableListingsQuery(),
      progressQuery(AREA),
      currentListingQuery(AREA),
    ],
  });
  const own = listings.data?.listings ?? [];
  const open = available.data?.listings ?? [];
  // The picker offers the buyer's own listings, then the available ones they are not yet a party of.
  const choices: PickerListing[] = [...own, ...open.filter((a) => !own.some((o) => o.id === a.id))];
  return {
    stats: dashboard.data?.stats,
    statsFailed: dashboard.isError,
    available: open,
    choices,
    // a buyer's current listing is a BuyerListing (the public card until their NDA for it)
    current: current.data as CurrentListingResponse<BuyerListing> | undefined,
    loading: [dashboard, listings, available, progress, current].some((q) => q.isPending),
    failed: [listings, available, progress, current].some((q) => q.isError),
  };
}
