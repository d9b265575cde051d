import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
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

/** For each service's tests: fails naming every route that has neither @Roles(...) nor @Public(). */
export function expectEveryRouteHasAccessRule(app: INestApplication): void {
  const routes = listRouteAccess(app);
  expect(routes.length).toBeGreaterThan(0);
  expect(routesWithoutAccessRule(app)).toEqual([]);
  // in an API service, every route that is not internal is defined in @brokerage/contracts and its decorators agree
  expect(routeDefinitionProblems(app)).toEqual([]);
}
