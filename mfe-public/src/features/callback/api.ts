import type { CallbackRequest } from '@brokerage/contracts';
import { publicApi } from '../../api/public';

/** POST /api/callback-request; only the success status is read. */
export function sendCallbackRequest(body: CallbackRequest) {
  return publicApi.callbackRequest(body);
}
