import { queryOptions } from '@tanstack/react-query';
import type { AvailableListing, NdaSubmission } from '@brokerage/contracts';
import { publicApi } from '../../api/public';

/** GET /api/auth/available-listings → listings (id, title, price). */
export const availableListingsQuery = () =>
  queryOptions({
    queryKey: ['public', 'available-listings'] as const,
    queryFn: async (): Promise<AvailableListing[]> => {
      const res = await publicApi.availableListings();
      return Array.isArray(res?.listings) ? res.listings : [];
    },
  });

/** POST /api/auth/nda-submit (also creates the buyer account). */
export function submitNda(body: NdaSubmission) {
  return publicApi.ndaSubmit(body);
}
