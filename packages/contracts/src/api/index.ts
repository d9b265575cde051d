import { ADMIN_API } from './admin.js';
import { AUTH_API } from './auth.js';
import { BROKER_API } from './broker.js';
import { BUYER_API } from './buyer.js';
import { CHECKLISTS_API } from './checklists.js';
import { DRAFTS_API } from './drafts.js';
import { ENGAGEMENT_API } from './engagement.js';
import { MESSAGES_API } from './messages.js';
import { SELLER_API } from './seller.js';
import { STAFF_API } from './staff.js';
import { VIEWER_API } from './viewer.js';
import type { ApiRoute } from './types.js';

export * from './types.js';
export * from './path.js';

const ALL = [...AUTH_API, ...MESSAGES_API, ...CHECKLISTS_API, ...SELLER_API, ...BUYER_API, ...STAFF_API, ...BROKER_API, ...ADMIN_API, ...DRAFTS_API, ...VIEWER_API, ...ENGAGEMENT_API] as const;

/** One definition of a public API route, with its literal method and path. */
export type DefinedApiRoute = (typeof ALL)[number];

/**
 * Every public API route (relative to /api), in the gateway's matching order (first match wins). /internal/* routes are
 * not here: they are service-to-service only (@Roles('SERVICE')).
 */
export const API_ROUTES: readonly ApiRoute[] = Object.freeze(ALL.map((r) => Object.freeze(r)));

/** A path pattern with its parameter names dropped: '/buyer/listings/:id' and '/buyer/listings/:listingId' are one route. */
export const routeShape = (path: string): string => ('/' + path.split('/').filter(Boolean).join('/')).replace(/\/:[^/]+/g, '/:');

const byShape = new Map<string, ApiRoute>();
for (const r of API_ROUTES) byShape.set(`${r.method} ${routeShape(r.path)}`, r);

/**
 * The definition of a route pattern (not a concrete path): what a service's guard reads for a handler, by its method
 * and full path ('/buyer/listings/:id'). Parameter names need not match; undefined when the route is not public API.
 */
export function accessOfRoute(method: string, pathPattern: string): ApiRoute | undefined {
  return byShape.get(`${method.toUpperCase()} ${routeShape(pathPattern)}`);
}
