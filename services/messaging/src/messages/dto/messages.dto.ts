import { attachmentParamsSchema, emailAgentSchema, messageIdParamsSchema, messagesQuerySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** GET /messages/inbox|sent?cursor= */
export class MessagesQueryDto extends createZodDto(messagesQuerySchema) {}
/** PUT|PATCH /messages/{id}/read, DELETE /messages/{id} */
export class MessageIdParams extends createZodDto(messageIdParamsSchema) {}
/** GET /messages/{id}/attachments/{attachmentId} */
export class AttachmentParams extends createZodDto(attachmentParamsSchema) {}
/** POST /buyer/email-agent {subject, content} */
export class EmailAgentBody extends createZodDto(emailAgentSchema) {}
