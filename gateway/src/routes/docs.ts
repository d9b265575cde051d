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

/**
 * Best-effort merge of each service's /openapi.json: paths as the public API sees them (under server url /api),
 * component schemas prefixed with the service name when two services use the same name, services that do not answer
 * are listed in x-unavailable. Paths of the route table not yet built are listed in x-planned.
 */
export async function mergedOpenApi(pools: Pools, table: readonly RouteEntry[]): Promise<Json> {
  const specs = await Promise.all(SERVICES.map(async (s) => [s, await fetchSpec(pools, s)] as const));
  const paths: Json = {};
  const schemas: Json = {};
  const tags: Json[] = [];
  const unavailable: string[] = [];
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
      const ops = { ...(item as Json) };
      for (const op of Object.values(ops)) {
        if (op && typeof op === 'object') (op as Json).tags = [service, ...((((op as Json).tags as string[]) ?? []).filter((t) => t !== service))];
      }
      paths[p] = { ...((paths[p] as Json) ?? {}), ...ops };
    }
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
    'x-planned': table.filter((e) => e.status === 'planned').map((e) => `${e.method} ${e.path}`),
  };
}
