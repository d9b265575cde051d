import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, type IdentityClaims } from '@brokerage/contracts';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { ROLES_KEY, type AllowedRole } from './roles.decorator.js';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

/**
 * Global guard reading @Roles(...): 403 when the caller's role is not listed.
 * Default deny: a route with neither @Roles(...) nor @Public() answers 403 to everyone, so a forgotten decorator
 * closes a route instead of opening it to any signed-in caller.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<AllowedRole[] | undefined>(ROLES_KEY, targets);
    if (!roles) {
      if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true) return true;
      throw new ForbiddenException(FORBIDDEN_MESSAGE);
    }
    const user = context.switchToHttp().getRequest<{ user?: IdentityClaims }>().user;
    if (!user) throw new UnauthorizedException(MSG.authRequired);
    if (!roles.includes(user.role)) throw new ForbiddenException(FORBIDDEN_MESSAGE);
    return true;
  }
}
