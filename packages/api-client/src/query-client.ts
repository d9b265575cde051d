import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-fetch.js';

/** Spec defaults (part 1 §9): 3 retries, back-off capped at 30 s, 5 minutes of cache life. */
export const QUERY_DEFAULTS = { retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 5 * 60_000 } as const;

/** Client errors (4xx) other than 408/429 are answers, not glitches: they are not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_DEFAULTS.retries) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429)
    return false;
  if (error instanceof ApiError && error.status === 501) return false;
  return true;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_DEFAULTS.maxRetryDelayMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Alias named as in CONVENTIONS.md. */
export const queryClient = createQueryClient;
