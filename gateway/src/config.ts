import path from 'node:path';
import { z } from 'zod';
import { ROUTE_TABLE, SERVICES, type RouteEntry, type ServiceName } from './routes/route-table.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://host:port)'),
  INTERNAL_JWT_SECRET: z.string().min(32, 'INTERNAL_JWT_SECRET must be at least 32 characters'),
  STATIC_DIR: z.string().default(process.cwd()),
  MFE_REGISTRY_FILE: z.string().optional(),
  COOKIE_SECURE: z.enum(['0', '1', 'true', 'false', '']).optional().default('0'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false', '']).optional().default('0'),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(50_000).default(30_000),
  // Sign-in and reset attempts per minute (per IP + e-mail / per IP). Tests that sign in often may raise them.
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
});

export interface GatewayConfig {
  port: number;
  host: string;
  redisUrl: string;
  internalJwtSecret: string;
  staticDir: string;
  registryFile: string;
  cookieSecure: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** How long a signed identity JWT is reused for the same session (ms). */
  sessionCacheMs: number;
  /** Upstream response-headers timeout (ms). */
  upstreamTimeoutMs: number;
  /** Connect budget per request across replicas (ms); a down service answers 503 within it. */
  connectBudgetMs: number;
  /** How long a replica that refused a connection is skipped (ms). */
  replicaCooldownMs: number;
  upstreams: Record<ServiceName, string[]>;
  /** Logger: false to silence (tests), or a pino destination stream. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  rateLimits: { loginPerMinute: number; resetPerMinute: number };
  /** The public route table (tests may pass another one). */
  routeTable: readonly RouteEntry[];
}

const DEFAULT_PORTS: Record<ServiceName, number> = {
  identity: 3001, listings: 3002, documents: 3003, messaging: 3004, checklists: 3005,
};

function truthy(v: string | undefined): boolean {
  return v === '1' || v === 'true';
}

function parseUpstreams(raw: string | undefined, name: ServiceName): string[] {
  const list = (raw ?? `http://127.0.0.1:${DEFAULT_PORTS[name]}`)
    .split(',').map((s) => s.trim()).filter(Boolean);
  for (const u of list) {
    let url: URL;
    try { url = new URL(u); } catch { throw new Error(`UPSTREAM_${name.toUpperCase()}: "${u}" is not a URL`); }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`UPSTREAM_${name.toUpperCase()}: "${u}" must be http(s)`);
    }
  }
  return list.map((u) => new URL(u).origin);
}

/** Reads and validates the environment; throws an Error with a readable message on bad input. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid gateway environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const staticDir = path.resolve(e.STATIC_DIR);
  const upstreams = {} as Record<ServiceName, string[]>;
  for (const s of SERVICES) upstreams[s] = parseUpstreams(env[`UPSTREAM_${s.toUpperCase()}`], s);
  return {
    port: e.PORT,
    host: e.HOST,
    redisUrl: e.REDIS_URL,
    internalJwtSecret: e.INTERNAL_JWT_SECRET,
    staticDir,
    registryFile: path.resolve(staticDir, e.MFE_REGISTRY_FILE ?? 'infra/mfe-registry.json'),
    cookieSecure: truthy(e.COOKIE_SECURE),
    logLevel: e.LOG_LEVEL,
    trustProxy: truthy(e.TRUST_PROXY),
    sessionCacheMs: e.SESSION_CACHE_MS,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    connectBudgetMs: 1800,
    replicaCooldownMs: 5000,
    upstreams,
    rateLimits: { loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE, resetPerMinute: e.RATE_LIMIT_RESET_PER_MINUTE },
    routeTable: ROUTE_TABLE,
  };
}
