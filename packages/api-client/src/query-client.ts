import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-fetch.js';

/**
 * The client data layer (spec part 1 §9). TanStack Query owns GET retries and caching; apiFetch makes one attempt.
 * - a failing read is tried 3 times in all, the wait doubling from 1 s and never above 30 s;
 * - answers are fresh for 30 s (the spec's "30 s client cache") and every successful mutation marks them stale
 *   ("cleared on writes"); unused answers are dropped after 5 minutes.
 */
const TRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;
const FRESH_MS = 30_000;
const UNUSED_MS = 5 * 60_000;

/** Client errors (4xx) other than 408/429 are answers, not glitches, and 501 means "not built": none is retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount + 1 >= TRIES) return false;
  if (error instanceof ApiError) {
    const s = error.status;
    if (s >= 400 && s < 500 && s !== 408 && s !== 429) return false;
    if (s === 501) return false;
  }
  return true;
}

export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries(),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: FRESH_MS, gcTime: UNUSED_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The one QueryClient of the page (api-client is a federation singleton, so the shell and every remote share it). */
export const queryClient = createQueryClient();
