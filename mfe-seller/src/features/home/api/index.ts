import { apiFetch } from '@brokerage/api-client';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import type { SellerDashboardResponse } from '@brokerage/contracts/dashboards';
import type { ListingsResponse } from '@brokerage/contracts/listings';
import { currentListingQuery, portalKeys, progressQuery } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** GET /seller/dashboard: the seller's stats. */
export const sellerDashboardQuery = () =>
  queryOptions({ queryKey: portalKeys.dashboard(AREA), queryFn: () => apiFetch<SellerDashboardResponse>(apiPath('GET', '/seller/dashboard')) });

/** GET /seller/listings: the seller's listings. */
export const sellerListingsQuery = () =>
  queryOptions({ queryKey: portalKeys.listings(AREA), queryFn: () => apiFetch<ListingsResponse>(apiPath('GET', '/seller/listings')) });

/** The seller home's data: stats, listings, progress and current listing, loaded in parallel (spec part 2 §7). */
export function useSellerHome() {
  const [dashboard, listings, progress, current] = useQueries({
    queries: [
      sellerDashboardQuery(),
      sellerListingsQuery(),
      progressQuery(AREA),
      currentListingQuery(AREA),
    ],
  });
  return {
    stats: dashboard.data?.stats,
    statsFailed: dashboard.isError,
    listings: listings.data?.listings ?? [],
    current: current.data,
    loading: dashboard.isPending || listings.isPending || progress.isPending || current.isPending,
    /** Any of the other loads failed ("Failed to load data"). */
    failed: listings.isError || progress.isError || current.isError,
  };
}
