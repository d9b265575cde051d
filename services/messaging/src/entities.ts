import { ContactMessageEntity } from './contact-requests/contact-message.entity.js';
import { CallbackRequestEntity } from './contact-requests/callback-request.entity.js';
import { CreateContactRequests1763700200000 } from '../migrations/1763700200000-CreateContactRequests.js';
import { CreateMessages1763900000000 } from '../migrations/1763900000000-CreateMessages.js';
import { CreateMessageNotices1764000000000 } from '../migrations/1764000000000-CreateMessageNotices.js';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';

export const MESSAGING_ENTITIES = [ContactMessageEntity, CallbackRequestEntity];
export const MESSAGING_MIGRATIONS = [CreateContactRequests1763700200000, CreateMessages1763900000000, CreateMessageNotices1764000000000, OneOutboxShape1764800000000];
