import { API_ROUTES, API_SERVICES, MESSAGE_LIMITS, UPLOAD_LIMITS, type ApiBodyLimit, type ApiMethod, type ApiService } from '@brokerage/contracts';

/**
 * The public API route table, derived from the route definitions of `@brokerage/contracts` (src/api/*: every call of
 * spec part 1 §7, part 2 §7 and part 3 §7, path for path, without the /api prefix, with its owning service and access
 * rule). Ordered: the first entry whose method and pattern match wins. Nothing here restates a path.
 *  - status 'live': proxied to the service now; 'planned': answered 501 {message: MSG.notImplemented} until built
 *    (every definition is live today).
 *  - multipart: the request body is streamed through, up to the route's total: its definition's maxFiles × 25 MB plus
 *    the fields (contracts multipartBodyBytes; a Content-Length over it → 413 before a byte is read), lowered by
 *    UPLOAD_BODY_LIMIT_MB / MESSAGE_BODY_LIMIT_MB (bodyLimit 'upload' / 'message') when set; the per-file limit is
 *    the service's, enforced while it streams. Other bodies: 1 MB.
 *  - defined: the spec says the path is "not shown"; we defined it in the same style (see ROUTES.md).
 * /internal/* is never routed. Keep ROUTES.md in step (test/route-table.spec.ts checks it).
 */
export const SERVICES = API_SERVICES;
export type ServiceName = ApiService;
export type Method = ApiMethod;

/** Which configured limit a streamed (multipart) body has (gateway config `bodyLimits`). */
export type BodyLimit = ApiBodyLimit;

export interface RouteEntry {
  method: Method;
  /** Path pattern relative to /api, ':name' for a segment parameter. */
  path: string;
  service: ServiceName;
  status: 'live' | 'planned';
  multipart?: boolean;
  /** Limit of a multipart body (default 'upload'). */
  bodyLimit?: BodyLimit;
  /** Multipart: the most files one request carries (its body's total is maxFiles × 25 MB plus the fields). */
  maxFiles?: number;
  /** Spec reference, e.g. 'p1§7'. */
  spec: string;
  /** Set when the spec does not show the path and we defined it. */
  defined?: string;
}

export const ROUTE_TABLE: readonly RouteEntry[] = Object.freeze(API_ROUTES.map((r): RouteEntry => Object.freeze({
  method: r.method,
  path: r.path,
  service: r.service,
  status: 'live',
  ...(r.multipart ? { multipart: true, bodyLimit: r.bodyLimit ?? 'upload', maxFiles: r.maxFiles ?? (r.bodyLimit === 'message' ? MESSAGE_LIMITS.maxFiles : UPLOAD_LIMITS.maxFiles) } : {}),
  spec: r.spec,
  ...(r.defined ? { defined: r.defined } : {}),
})));

// ── Matching ───────────────────────────────────────────────────────────────────────────────────────────────────
export interface RouteMatch { entry: RouteEntry; params: Record<string, string> }
interface Compiled { entry: RouteEntry; segs: string[]; }

/** Compiles a table into a matcher: O(entries with the same method and segment count). */
export function compileRoutes(table: readonly RouteEntry[]) {
  const byKey = new Map<string, Compiled[]>();
  for (const entry of table) {
    const segs = entry.path.split('/').slice(1);
    const key = `${entry.method} ${segs.length}`;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({ entry, segs });
  }
  const knownPaths = table.map((e) => e.path.split('/').slice(1));

  function segsOf(path: string): string[] | null {
    if (!path.startsWith('/')) return null;
    const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return p.split('/').slice(1);
  }
  function matches(pattern: string[], segs: string[]): boolean {
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i];
      if (p.charCodeAt(0) === 58 /* : */) { if (segs[i] === '') return false; }
      else if (p !== segs[i]) return false;
    }
    return true;
  }
  return {
    /** Finds the first entry for a method and an /api-less path (no query string). */
    match(method: string, path: string): RouteMatch | null {
      const segs = segsOf(path);
      if (!segs || segs[0] === 'internal') return null;
      const list = byKey.get(`${method === 'HEAD' ? 'GET' : method} ${segs.length}`);
      if (!list) return null;
      for (const c of list) {
        if (matches(c.segs, segs)) {
          const params: Record<string, string> = {};
          c.segs.forEach((p, i) => { if (p.startsWith(':')) params[p.slice(1)] = segs[i]; });
          return { entry: c.entry, params };
        }
      }
      return null;
    },
    /** True when the path exists in the table under another method (→ 405 rather than 404). */
    pathExists(path: string): boolean {
      const segs = segsOf(path);
      if (!segs || segs[0] === 'internal') return false;
      return knownPaths.some((k) => k.length === segs.length && matches(k, segs));
    },
  };
}
