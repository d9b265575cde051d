import { ContactMessageEntity } from './contact-requests/contact-message.entity.js';
import { CallbackRequestEntity } from './contact-requests/callback-request.entity.js';
import { CreateContactRequests1763700200000 } from '../migrations/1763700200000-CreateContactRequests.js';

export const MESSAGING_ENTITIES = [ContactMessageEntity, CallbackRequestEntity];
export const MESSAGING_MIGRATIONS = [CreateContactRequests1763700200000];
