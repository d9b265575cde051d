import type { INestApplication } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { API_ROUTES, routeShape } from '@brokerage/contracts';
import { IS_PUBLIC_KEY } from '../auth/public.decorator.js';
import { ROLES_KEY } from '../auth/roles.decorator.js';
import { definedAccess, handlerRoutes, isApiService } from '../auth/route-definition.js';
import { SERVICE_NAME } from '../common-core.module.js';

type SchemaSlot = 'body' | 'query' | 'params' | 'response';
interface Handler {
  controller: string; handler: string; routes: string[]; roles: string[] | null; isPublic: boolean;
  /** The zod schemas the handler validates (createZodDto parameters) and documents (@ApiZodResponse, 2xx). */
  schemas: Partial<Record<SchemaSlot, unknown>>;
}

const ARG_SLOT: Record<string, SchemaSlot> = { 3: 'body', 4: 'query', 5: 'params' }; // RouteParamtypes BODY, QUERY, PARAM

function schemasOf(controller: object, name: string, handler: object): Handler['schemas'] {
  const out: Handler['schemas'] = {};
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
  const types = (Reflect.getMetadata('design:paramtypes', (controller as { prototype: object }).prototype, name) ?? []) as Array<{ zodSchema?: unknown } | undefined>;
  for (const [key, arg] of Object.entries(args)) {
    const slot = ARG_SLOT[key.split(':')[0]!];
    const schema = types[arg.index]?.zodSchema;
    if (slot && schema) out[slot] = schema;
  }
  const responses = Reflect.getMetadata('swagger/apiResponse', handler) as Record<string, { standardSchema?: unknown }> | undefined;
  for (const [status, r] of Object.entries(responses ?? {})) if (Number(status) < 300 && r.standardSchema) out.response = r.standardSchema;
  return out;
}

function handlers(app: INestApplication): Handler[] {
  const reflector = new Reflector();
  const out: Handler[] = [];
  for (const moduleRef of app.get(ModulesContainer).values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (typeof controller !== 'function') continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata('path', handler) === undefined) continue;
        const targets = [handler, controller];
        out.push({
          controller: controller.name, handler: name, routes: handlerRoutes(controller, handler),
          roles: reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, targets) ?? null,
          isPublic: reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets) === true,
          schemas: schemasOf(controller, name, handler),
        });
      }
    }
  }
  return out;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Where the app's controllers and the route definitions of @brokerage/contracts disagree, one line per problem:
 *  - a route that is not internal (@Roles('SERVICE')) without a definition of this service: the roles guard denies it
 *    to everyone;
 *  - a @Roles(...) / @Public() that says something else than the definition (the guard follows the definition: the
 *    decorator must not mislead a reader);
 *  - a zod schema (body, query, params, 2xx response) the handler uses that is not its definition's, or the reverse;
 *  - a definition of this service that no handler serves (the gateway would route it to a 404), unless the app serves
 *    no public route at all (a worker process).
 */
export function routeDefinitionProblems(app: INestApplication): string[] {
  const service = app.get<string>(SERVICE_NAME, { strict: false });
  if (!isApiService(service)) return [];
  const problems: string[] = [];
  const served = new Set<string>();
  for (const h of handlers(app)) {
    if (h.roles?.includes('SERVICE')) continue;
    const where = `${h.routes.join(', ')} (${h.controller}.${h.handler})`;
    const access = definedAccess(service, h.routes);
    if (access.kind === 'operational') continue;
    if (access.kind === 'undefined') { problems.push(`${where}: no definition of ${service} in @brokerage/contracts (denied to everyone)`); continue; }
    for (const r of h.routes) { const [m, p] = r.split(' ') as [string, string]; served.add(`${m} ${routeShape(p)}`); }
    const def = access.route;
    const says = h.isPublic && !h.roles ? 'public' : h.roles ? `@Roles(${h.roles.join(', ')})` : 'no decorator';
    const defined = def.roles === 'public' ? 'public' : `@Roles(${def.roles.join(', ')})`;
    if (h.roles || h.isPublic) {
      // a route defined for nobody (roles []) is closed by the guard whatever a class-wide @Roles says; only @Public misleads
      const agrees = def.roles === 'public' ? h.isPublic && !h.roles
        : def.roles.length === 0 ? !h.isPublic
          : !!h.roles && sameSet(h.roles, def.roles);
      if (!agrees) problems.push(`${where}: ${says}, defined ${defined}`);
    }
    for (const slot of ['body', 'query', 'params', 'response'] as const) {
      if (h.schemas[slot] !== def[slot]) problems.push(`${where}: ${slot} schema ${h.schemas[slot] ? 'used' : 'none'}, defined ${def[slot] ? 'another' : 'none'}`);
    }
  }
  // a process of the service serving no public route at all (the documents pdf worker) is not its API
  if (served.size === 0) return problems;
  for (const r of API_ROUTES.filter((x) => x.service === service && x.roles.length !== 0)) {
    if (!served.has(`${r.method} ${routeShape(r.path)}`)) problems.push(`${r.method} ${r.path}: defined for ${service}, served by no handler`);
  }
  return problems;
}

/** For each service's tests: the controllers and the contracts route definitions agree (routeDefinitionProblems). */
export function expectRoutesMatchDefinitions(app: INestApplication): void {
  expect(routeDefinitionProblems(app)).toEqual([]);
}
