import { noticeCommandSchema, unsubscribeQuerySchema, unsubscribeRequestSchema, updateNotificationSettingsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** PUT /auth/notification-settings. */
export class UpdateNotificationSettingsBody extends createZodDto(updateNotificationSettingsSchema) {}
/** POST /auth/unsubscribe: {token} in the JSON body… */
export class UnsubscribeBody extends createZodDto(unsubscribeRequestSchema) {}
/** …or ?token= (the List-Unsubscribe-Post one-click form, whose body is not JSON). */
export class UnsubscribeQuery extends createZodDto(unsubscribeQuerySchema) {}
/** POST /internal/notices (every producer's outbox relay). */
export class NoticeCommandBody extends createZodDto(noticeCommandSchema) {}
