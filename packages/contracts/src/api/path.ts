// Zod-free on purpose: remotes build their request paths with apiPath without pulling the definitions (and zod) in.
import type { ApiMethod } from './types.js';
import type { DefinedApiRoute } from './index.js';

/** Where the public API lives on the site (the gateway strips it before routing). */
export const API_PREFIX = '/api';

/**
 * A path under the API without its '/api' prefix ('/api/seller/x' → '/seller/x'); anything else unchanged. API
 * clients join it to their configured base, so apiPath's canonical paths work against any base address.
 */
export function withoutApiPrefix(path: string): string {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${API_PREFIX}?`) ? path.slice(API_PREFIX.length) : path;
}

/** The paths (relative to /api) defined for a method. */
export type ApiPathOf<M extends ApiMethod> = Extract<DefinedApiRoute, { method: M }>['path'];

/** The ':name' parameters of a path pattern. */
export type ApiParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ApiParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

export type ApiPathParams<P extends string> = { readonly [K in ApiParamNames<P>]: string | number };
export type ApiQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

type ParamsArgs<P extends string> = [ApiParamNames<P>] extends [never]
  ? [params?: Record<string, never> | null, query?: ApiQuery]
  : [params: ApiPathParams<P>, query?: ApiQuery];

/**
 * '/api' + a defined path with its parameters filled in (each encoded as one segment) and an optional query string
 * (null/undefined values left out). Typed by the definitions: an undefined (method, path) or a missing parameter does
 * not compile.   apiPath('GET', '/buyer/listings/:id', { id })  →  '/api/buyer/listings/…'
 */
export function apiPath<M extends ApiMethod, P extends ApiPathOf<M>>(method: M, path: P, ...args: ParamsArgs<P>): string {
  const [params, query] = args as [Record<string, string | number> | null | undefined, ApiQuery | undefined];
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`apiPath(${method} ${path}): missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  let qs = '';
  if (query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.append(k, String(v));
    const s = search.toString();
    if (s) qs = `?${s}`;
  }
  return `${API_PREFIX}${filled}${qs}`;
}
