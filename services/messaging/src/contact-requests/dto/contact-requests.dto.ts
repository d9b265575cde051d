import { callbackRequestSchema, contactMessageSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /auth/contact-message (spec part 1 §7: the contact form). */
export class ContactMessageBody extends createZodDto(contactMessageSchema) {}
/** POST /callback-request (spec part 1 §7: "Request a Call Back"). */
export class CallbackRequestBody extends createZodDto(callbackRequestSchema) {}
