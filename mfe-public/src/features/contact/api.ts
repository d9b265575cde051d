import type { ContactMessage } from '@brokerage/contracts';
import { publicApi } from '../../api/public';

/** POST /api/auth/contact-message. */
export function sendContactMessage(body: ContactMessage) {
  return publicApi.contactMessage(body);
}
