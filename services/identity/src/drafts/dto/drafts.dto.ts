import { draftBodySchema, draftKeyParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class DraftKeyParamsDto extends createZodDto(draftKeyParamsSchema) {}
export class DraftBodyDto extends createZodDto(draftBodySchema) {}
