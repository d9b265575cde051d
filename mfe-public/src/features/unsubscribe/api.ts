import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { UnsubscribeAnswer } from '@brokerage/contracts/notifications';

/** POST /api/auth/unsubscribe {token} (public, no session): the token's kind is Off from now on. 400 on a bad token. */
export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiFetch<UnsubscribeAnswer>(apiPath('POST', '/auth/unsubscribe'), { method: 'POST', json: { token }, auth: false });
}
