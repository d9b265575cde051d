import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, type IdentityClaims } from '@brokerage/contracts';
import { ROLES_KEY, type AllowedRole } from './roles.decorator.js';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

/** Global guard reading @Roles(...): 403 when the caller's role is not listed. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<AllowedRole[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: IdentityClaims }>().user;
    if (!user) throw new UnauthorizedException(MSG.authRequired);
    if (!roles.includes(user.role)) throw new ForbiddenException(FORBIDDEN_MESSAGE);
    return true;
  }
}
