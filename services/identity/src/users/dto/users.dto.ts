import { usersByRoleQuerySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class UsersByRoleQueryDto extends createZodDto(usersByRoleQuerySchema) {}
