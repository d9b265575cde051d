import { accessOfRoute, type ApiRoute } from '@brokerage/contracts';
import type { Pools } from '../proxy/upstreams.js';
import { SERVICES, type RouteEntry, type ServiceName } from './route-table.js';

type Json = Record<string, unknown>;

async function fetchSpec(pools: Pools, service: ServiceName): Promise<Json | null> {
  const origin = pools[service].next();
  if (!origin) return null;
  try {
    const res = await fetch(`${origin}/openapi.json`, { signal: AbortSignal.timeout(1500) });
    if (!res.ok) { await res.body?.cancel(); return null; }
    return (await res.json()) as Json;
  } catch {
    return null;
  }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const toPattern = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

/** The access rule of a route as /api/docs shows it on its operation (`x-access`). */
export function accessExtension(def: ApiRoute): Json {
  return {
    roles: def.roles,
    relation: def.relation,
    ...(def.object ? { object: def.object } : {}),
    ...(def.step !== undefined ? { step: def.step } : {}),
  };
}

/** Summary, access rule and security of an operation, from its definition. */
function describe(op: Json, def: ApiRoute): void {
  const own = op.summary;
  op.summary = def.summary;
  if (typeof own === 'string' && own !== def.summary && !op.description) op.description = own;
  op['x-access'] = accessExtension(def);
  if (def.defined) op['x-defined'] = def.defined;
  if (def.roles === 'public') op.security = [];
}

/**
 * Best-effort merge of each service's /openapi.json: paths as the public API sees them (under server url /api),
 * component schemas prefixed with the service name when two services use the same name, services that do not answer
 * are listed in x-unavailable. Every operation carries the summary and access rule (`x-access: {roles, relation,
 * object?, step?}`) of its definition in @brokerage/contracts; a routed path whose service did not answer is still
 * listed from its definition (tagged `x-unavailable`); a service path that is not routed is left out (x-not-routed).
 * Paths of the route table not yet built are listed in x-planned.
 */
export async function mergedOpenApi(pools: Pools, table: readonly RouteEntry[]): Promise<Json> {
  const specs = await Promise.all(SERVICES.map(async (s) => [s, await fetchSpec(pools, s)] as const));
  const paths: Json = {};
  const schemas: Json = {};
  const tags: Json[] = [];
  const unavailable: string[] = [];
  const notRouted: string[] = [];
  const routed = new Set(table.map((e) => `${e.method} ${e.path}`));
  const definitionOf = (method: string, p: string): ApiRoute | undefined => {
    const def = accessOfRoute(method, p);
    return def && routed.has(`${def.method} ${def.path}`) ? def : undefined;
  };
  for (const [service, spec] of specs) {
    if (!spec) { unavailable.push(service); continue; }
    tags.push({ name: service });
    const rename = new Map<string, string>();
    const comp = ((spec.components as Json | undefined)?.schemas ?? {}) as Json;
    for (const [name, schema] of Object.entries(comp)) {
      const target = name in schemas ? `${service}_${name}` : name;
      if (target !== name) rename.set(name, target);
      schemas[target] = schema;
    }
    let text = JSON.stringify(spec.paths ?? {});
    for (const [from, to] of rename) text = text.split(`"#/components/schemas/${from}"`).join(`"#/components/schemas/${to}"`);
    const svcPaths = JSON.parse(text) as Json;
    for (const [p, item] of Object.entries(svcPaths)) {
      if (p.startsWith('/internal') || p === '/health' || p === '/openapi.json') continue;
      const ops: Json = {};
      for (const [method, op] of Object.entries(item as Json)) {
        if (!op || typeof op !== 'object' || !(METHODS as readonly string[]).includes(method)) { ops[method] = op; continue; }
        const def = definitionOf(method, toPattern(p));
        if (!def) { notRouted.push(`${method.toUpperCase()} ${p} (${service})`); continue; }
        (op as Json).tags = [service, ...((((op as Json).tags as string[]) ?? []).filter((t) => t !== service))];
        describe(op as Json, def);
        ops[method] = op;
      }
      if (Object.keys(ops).some((m) => (METHODS as readonly string[]).includes(m))) paths[p] = { ...((paths[p] as Json) ?? {}), ...ops };
    }
  }
  // Every routed definition is listed, documented by its service or, when that one did not answer, by the definition.
  for (const entry of table) {
    const def = accessOfRoute(entry.method, entry.path);
    if (!def) continue;
    const method = entry.method.toLowerCase();
    const key = Object.keys(paths).find((k) => accessOfRoute(entry.method, toPattern(k)) === def && (paths[k] as Json)[method]) ?? toOpenApiPath(entry.path);
    const item = ((paths[key] as Json | undefined) ?? {}) as Json;
    if (item[method]) continue;
    const op: Json = {
      tags: [entry.service],
      parameters: [...entry.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      responses: { default: { description: `Not described: ${entry.service} did not answer.` } },
      'x-unavailable': true,
    };
    describe(op, def);
    paths[key] = { ...item, [method]: op };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Brokerage public API', version: '1.0.0', description: 'Merged from the services behind the gateway.' },
    servers: [{ url: '/api' }],
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionHeader: { type: 'apiKey', in: 'header', name: 'X-Session-Token' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bb_session' },
      },
    },
    'x-unavailable': unavailable,
    'x-not-routed': notRouted,
    'x-planned': table.filter((e) => e.status === 'planned').map((e) => `${e.method} ${e.path}`),
  };
}
