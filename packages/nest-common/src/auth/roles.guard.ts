import { ForbiddenException, Inject, Injectable, Optional, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MSG, type IdentityClaims } from '@brokerage/contracts';
import { INTERNAL_CALLERS_KEY } from './internal-callers.decorator.js';
import { SERVICE_NAME } from '../service-name.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { ROLES_KEY, type AllowedRole } from './roles.decorator.js';
import { enforceDefinedAccess, handlerAccess, isApiService } from './route-definition.js';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

/**
 * Global guard reading @Roles(...) and @InternalCallers(...): 403 when the caller's role is not listed, and for a
 * service when the route does not name it among its callers.
 * Default deny: a route with neither @Roles(...) nor @Public() answers 403 to everyone, so a forgotten decorator
 * closes a route instead of opening it to any signed-in caller; likewise a SERVICE route naming no callers.
 */
/*
 * In a service (CommonModule.forRoot({name}) of one of the API services), a route that is not internal
 * (@Roles('SERVICE')) is decided by its route definition in @brokerage/contracts (src/api), found by the handler's
 * method and full path: its roles, or anyone when public; a route without a definition is denied to everyone
 * (route-definition.ts). @Roles/@Public on such routes only repeat the definition (the services' tests check they agree).
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(SERVICE_NAME) private readonly service?: string,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<AllowedRole[] | undefined>(ROLES_KEY, targets);
    if (isApiService(this.service) && !roles?.includes('SERVICE')) {
      return enforceDefinedAccess(handlerAccess(this.service, context), context.switchToHttp().getRequest<{ user?: IdentityClaims }>().user);
    }
    if (!roles) {
      if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true) return true;
      throw new ForbiddenException(FORBIDDEN_MESSAGE);
    }
    const user = context.switchToHttp().getRequest<{ user?: IdentityClaims }>().user;
    if (!user) throw new UnauthorizedException(MSG.authRequired);
    if (!roles.includes(user.role)) throw new ForbiddenException(FORBIDDEN_MESSAGE);
    if (user.role === 'SERVICE') {
      const callers = this.reflector.getAllAndOverride<string[] | undefined>(INTERNAL_CALLERS_KEY, targets);
      if (!callers?.includes(user.name)) throw new ForbiddenException(FORBIDDEN_MESSAGE);
    }
    return true;
  }
}
