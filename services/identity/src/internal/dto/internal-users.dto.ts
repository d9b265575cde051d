import { internalUsersLookupSchema, internalUsersQuerySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class InternalUsersQueryDto extends createZodDto(internalUsersQuerySchema) {}
export class InternalUsersLookupBody extends createZodDto(internalUsersLookupSchema) {}
