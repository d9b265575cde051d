import { ForbiddenException, RequestMethod, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { accessOfRoute, API_SERVICES, MSG, type ApiRoute, type ApiService, type IdentityClaims } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from './roles.guard.js';

/**
 * The public API route definition (packages/contracts src/api) of a controller handler, by its method and full path:
 * what the roles guard enforces for every route that is not internal (@Roles('SERVICE')).
 */

/** Routes of nest-common itself, open to anyone and never routed by the gateway (it has its own /api/health). */
export const OPERATIONAL_ROUTES: ReadonlySet<string> = new Set(['GET /health', 'GET /health/live', 'GET /health/ready']);

const asList = (p: string | string[] | undefined): string[] => (Array.isArray(p) ? (p.length ? p : ['']) : [p ?? '']);
const join = (...parts: string[]) => '/' + parts.join('/').split('/').filter(Boolean).join('/');

/** Every `METHOD /full/path` a handler answers (a path list on the controller or the handler gives several). */
export function handlerRoutes(controller: object, handler: object): string[] {
  const method = RequestMethod[(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined) ?? RequestMethod.GET];
  const bases = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
  const paths = asList(Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined);
  return bases.flatMap((b) => paths.map((p) => `${method} ${join(b, p)}`));
}

/** The services whose routes are public API routes (a process named otherwise, e.g. a test fixture, keeps @Roles/@Public alone). */
export const isApiService = (name: string | undefined): name is ApiService => !!name && (API_SERVICES as readonly string[]).includes(name);

export type HandlerAccess =
  | { kind: 'defined'; route: ApiRoute }
  | { kind: 'operational' }
  /** No definition of this service for (one of) the handler's paths, or its paths disagree: denied to everyone. */
  | { kind: 'undefined'; routes: string[] };

/** What the definitions say about a handler of `service` (every path of the handler must have the same rule). */
export function definedAccess(service: ApiService, routes: string[]): HandlerAccess {
  if (routes.every((r) => OPERATIONAL_ROUTES.has(r))) return { kind: 'operational' };
  const defs = routes.map((r) => {
    const [method, path] = r.split(' ') as [string, string];
    const def = accessOfRoute(method, path);
    return def && def.service === service ? def : undefined;
  });
  const first = defs[0];
  if (!first || defs.some((d) => !d || JSON.stringify(d.roles) !== JSON.stringify(first.roles))) return { kind: 'undefined', routes };
  return { kind: 'defined', route: first };
}

const cache = new WeakMap<object, HandlerAccess>();

/** definedAccess of the handler the request is going to (cached per handler). */
export function handlerAccess(service: ApiService, context: ExecutionContext): HandlerAccess {
  const handler = context.getHandler();
  let access = cache.get(handler);
  if (!access) cache.set(handler, (access = definedAccess(service, handlerRoutes(context.getClass(), handler))));
  return access;
}

/**
 * The roles guard's rule for a route that is not internal: its definition's roles (401 without an identity, 403 for
 * another role: the definition's `deniedMessage` for a client, else FORBIDDEN_MESSAGE), anyone on a public or
 * operational route, nobody on a route without a definition.
 */
export function enforceDefinedAccess(access: HandlerAccess, user: IdentityClaims | undefined): true {
  if (access.kind === 'operational') return true;
  if (access.kind === 'undefined') throw new ForbiddenException(FORBIDDEN_MESSAGE);
  const { roles, deniedMessage } = access.route;
  if (roles === 'public') return true;
  if (!user) throw new UnauthorizedException(MSG.authRequired);
  if (!(roles as readonly string[]).includes(user.role)) {
    throw new ForbiddenException(deniedMessage && (user.role === 'SELLER' || user.role === 'BUYER') ? deniedMessage : FORBIDDEN_MESSAGE);
  }
  return true;
}

/** Whether the identity guard lets an anonymous caller through (a public definition or an operational route). */
export const isPublicAccess = (access: HandlerAccess): boolean =>
  access.kind === 'operational' || (access.kind === 'defined' && access.route.roles === 'public');
