import { apiFetch } from '@brokerage/api-client';

/** The buyer API (spec part 2 §7): every call of this remote goes under /buyer. */
export const AREA = 'buyer' as const;

export function buyerGet<T>(path: string): Promise<T> {
  return apiFetch<T>(`/${AREA}${path}`);
}
