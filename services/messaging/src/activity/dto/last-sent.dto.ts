import { createZodDto } from '@brokerage/nest-common';
import { lastSentRequestSchema } from '@brokerage/contracts';

export class LastSentBody extends createZodDto(lastSentRequestSchema) {}
