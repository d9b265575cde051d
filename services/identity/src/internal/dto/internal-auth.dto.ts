import { internalCreateBuyerSchema, resolveSessionRequestSchema, userIdParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /internal/sessions/resolve (the gateway). */
export class ResolveSessionBody extends createZodDto(resolveSessionRequestSchema) {}
/** POST /internal/users: a BUYER for an NDA sign-up. */
export class CreateBuyerBody extends createZodDto(internalCreateBuyerSchema) {}
/** DELETE /internal/users/{id} */
export class UserIdParams extends createZodDto(userIdParamsSchema) {}
