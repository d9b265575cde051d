import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';

/** The verified identity of the caller (undefined on a @Public route called anonymously). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): IdentityClaims | undefined => {
    const req = ctx.switchToHttp().getRequest<{ user?: IdentityClaims }>();
    return req.user ?? undefined;
  },
);
