import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Client ip (X-Forwarded-For from the gateway, trusted on loopback) and user agent of the request. */
export const Origin = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestOrigin => {
  const req = ctx.switchToHttp().getRequest<{ ip?: string; headers: Record<string, string | string[] | undefined> }>();
  const ua = req.headers['user-agent'];
  return { ip: req.ip ? req.ip.slice(0, 64) : null, userAgent: typeof ua === 'string' ? ua.slice(0, 1000) : null };
});
