import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@brokerage/contracts';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { IDENTITY_STRATEGY } from './identity-jwt.strategy.js';

/**
 * Global guard: every route needs a valid identity (401 'Authentication required') unless @Public().
 * On @Public routes a valid identity is attached when present; an absent or invalid one is ignored.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(IDENTITY_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  private isPublic(context: ExecutionContext): boolean {
    return this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]) === true;
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
