import { apiFetch } from '@brokerage/api-client';

/** The seller API (spec part 2 §7): every call of this remote goes under /seller. */
export const AREA = 'seller' as const;

export function sellerGet<T>(path: string): Promise<T> {
  return apiFetch<T>(`/${AREA}${path}`);
}
