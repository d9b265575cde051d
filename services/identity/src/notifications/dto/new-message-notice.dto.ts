import { newMessageNoticeSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /internal/notices/new-message (messaging's outbox relay). */
export class NewMessageNoticeBody extends createZodDto(newMessageNoticeSchema) {}
