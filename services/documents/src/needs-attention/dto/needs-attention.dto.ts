import { createZodDto } from '@brokerage/nest-common';
import { internalAttentionRequestSchema } from '@brokerage/contracts';

export class InternalAttentionBody extends createZodDto(internalAttentionRequestSchema) {}
