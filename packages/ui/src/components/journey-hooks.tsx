import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { initialProgress, normalizeProgress, type JourneyProgress } from './journey.js';

/**
 * Progress of the signed-in seller or buyer (GET /seller/progress, /buyer/progress).
 * Until it loads, or when the server has none (e.g. 501 while the route is not built), only step 1 is open.
 */
export function useJourneyProgress(path: '/seller/progress' | '/buyer/progress'): {
  progress: JourneyProgress;
  isLoading: boolean;
  error: unknown;
} {
  const q = useQuery({
    queryKey: ['journey-progress', path],
    queryFn: () => apiFetch<unknown>(path, { cache: false }),
    staleTime: 30_000,
  });
  return {
    progress: q.data ? normalizeProgress(q.data) : initialProgress(),
    isLoading: q.isLoading,
    error: q.error,
  };
}
