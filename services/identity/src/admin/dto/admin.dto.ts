import { adminCreateUserSchema, adminUpdateUserSchema, userIdParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class AdminCreateUserBody extends createZodDto(adminCreateUserSchema) {}
export class AdminUpdateUserBody extends createZodDto(adminUpdateUserSchema) {}
export class AdminUserParams extends createZodDto(userIdParamsSchema) {}
