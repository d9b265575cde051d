import type { RegistrationPayload } from '@brokerage/contracts';
import { publicApi } from '../../api/public';

/** POST /api/auth/register with the whole payload, confirmPassword included (spec part 1 §7). */
export function registerAccount(payload: RegistrationPayload) {
  return publicApi.register(payload);
}
