import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { IDENTITY_HEADER, SERVICE_NAMES } from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '../auth/roles.guard.js';
import { signServiceToken } from './sign-identity.js';
import { internalPort } from '../bootstrap.js';
import { INTERNAL_CALLERS_KEY } from '../auth/internal-callers.decorator.js';
import { IS_PUBLIC_KEY } from '../auth/public.decorator.js';
import { ROLES_KEY } from '../auth/roles.decorator.js';
import { routeDefinitionProblems } from './route-definitions.js';

export interface RouteAccess {
  /** `GET /users/by-role` */
  route: string;
  controller: string;
  handler: string;
  roles: string[] | null;
  isPublic: boolean;
  /** Services a SERVICE route accepts (@InternalCallers); null when it names none. */
  callers: string[] | null;
}

const joinPath = (...parts: Array<string | string[] | undefined>) =>
  '/' + parts.map((p) => (Array.isArray(p) ? p[0] : p) ?? '').join('/').split('/').filter(Boolean).join('/');

/** Every route handler of the app's controllers with the access rule the guards will read. */
export function listRouteAccess(app: INestApplication): RouteAccess[] {
  const reflector = new Reflector();
  const out: RouteAccess[] = [];
  for (const moduleRef of app.get(ModulesContainer).values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (typeof controller !== 'function') continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (path === undefined) continue; // not a route handler
        const method = RequestMethod[(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined) ?? RequestMethod.GET];
        const targets = [handler, controller];
        out.push({
          route: `${method} ${joinPath(base, path)}`,
          controller: controller.name,
          handler: name,
          roles: reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, targets) ?? null,
          isPublic: reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, targets) === true,
          callers: reflector.getAllAndOverride<string[] | undefined>(INTERNAL_CALLERS_KEY, targets) ?? null,
        });
      }
    }
  }
  return out;
}

/** Routes the roles guard would deny to everyone because they carry neither @Roles(...) nor @Public(). */
export function routesWithoutAccessRule(app: INestApplication): string[] {
  return listRouteAccess(app)
    .filter((r) => !r.isPublic && (!r.roles || r.roles.length === 0))
    .map((r) => `${r.route} (${r.controller}.${r.handler})`);
}

/** Routes open to role SERVICE that name no caller (@InternalCallers): the roles guard refuses every service there. */
export function serviceRoutesWithoutCallers(app: INestApplication): string[] {
  return listRouteAccess(app)
    .filter((r) => r.roles?.includes('SERVICE') && !r.callers?.length)
    .map((r) => `${r.route} (${r.controller}.${r.handler})`);
}

/**
 * For each service's tests: fails naming every route that has neither @Roles(...) nor @Public(), and every internal
 * route that names no callers.
 */
export function expectEveryRouteHasAccessRule(app: INestApplication): void {
  const routes = listRouteAccess(app);
  expect(routes.length).toBeGreaterThan(0);
  expect(routesWithoutAccessRule(app)).toEqual([]);
  // in an API service, every route that is not internal is defined in @brokerage/contracts and its decorators agree
  expect(routeDefinitionProblems(app)).toEqual([]);
  expect(serviceRoutesWithoutCallers(app)).toEqual([]);
}

/**
 * For each service's tests: every internal route answers 403 to each service it does not name and lets the ones it
 * names past the guards (the handler may still answer 400/401/404 to the placeholder input). Path params get a nil-like uuid.
 * Returns the number of (route, caller) pairs tried.
 */
export async function expectInternalCallersEnforced(app: INestApplication): Promise<number> {
  // an app started by bootstrapService serves /internal/* on its internal port only (issue 21 §1)
  const internal = internalPort(app);
  const http = internal === null ? request(app.getHttpServer()) : request(`http://127.0.0.1:${internal}`);
  let tried = 0;
  const failures: string[] = [];
  for (const r of listRouteAccess(app).filter((x) => x.roles?.includes('SERVICE'))) {
    const [method, path] = r.route.split(' ') as [string, string];
    const url = path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-00000000c0de');
    for (const service of SERVICE_NAMES) {
      const call = (http as unknown as Record<string, (u: string) => request.Test>)[method.toLowerCase()]!(url);
      const res = await call.set(IDENTITY_HEADER, signServiceToken(service)).send({});
      const named = r.callers?.includes(service) ?? false;
      const refusedByGuard = res.status === 403 && (res.body as { message?: string })?.message === FORBIDDEN_MESSAGE;
      if (named === refusedByGuard) {
        failures.push(`${r.route} as ${service}: ${res.status} (${named ? 'named' : 'not named'})`);
      }
      tried++;
    }
  }
  expect(failures).toEqual([]);
  return tried;
}
