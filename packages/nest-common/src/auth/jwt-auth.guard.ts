import { Inject, Injectable, Optional, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@brokerage/contracts';
import { SERVICE_NAME } from '../service-name.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { ROLES_KEY, type AllowedRole } from './roles.decorator.js';
import { IDENTITY_STRATEGY } from './identity-jwt.strategy.js';
import { handlerAccess, isApiService, isPublicAccess } from './route-definition.js';

/**
 * Global guard: every route needs a valid identity (401 'Authentication required') unless it is public: in a service,
 * by its route definition in @brokerage/contracts (roles 'public'; internal @Roles('SERVICE') routes never are); in any
 * other process (a test fixture), by @Public().
 * On public routes a valid identity is attached when present; an absent or invalid one is ignored.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(IDENTITY_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(SERVICE_NAME) private readonly service?: string,
  ) {
    super();
  }

  private isPublic(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (isApiService(this.service)) {
      if (this.reflector.getAllAndOverride<AllowedRole[] | undefined>(ROLES_KEY, targets)?.includes('SERVICE')) return false;
      return isPublicAccess(handlerAccess(this.service, context));
    }
    return this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.isPublic(context)) {
      try {
        await super.canActivate(context);
      } catch {
        /* anonymous caller on a public route */
      }
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser>(err: unknown, user: TUser, _info: unknown, context: ExecutionContext): TUser {
    if (err || !user) {
      if (this.isPublic(context)) return undefined as TUser;
      throw new UnauthorizedException(MSG.authRequired);
    }
    return user;
  }
}
