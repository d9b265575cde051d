import { userIdParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class PersonParams extends createZodDto(userIdParamsSchema) {}
