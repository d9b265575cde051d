import path from 'node:path';
import { z } from 'zod';
import { SESSION_COOKIE, SESSION_COOKIE_SECURE, SLOWEST_UPLOAD_BYTES_PER_SECOND } from '@brokerage/contracts';
import { isIP } from 'node:net';
import type { RateLimits } from './security/rate-limit.js';
import { ROUTE_TABLE, SERVICES, type BodyLimit, type RouteEntry, type ServiceName } from './routes/route-table.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://host:port)'),
  // ES256 keys as single-line JSON (infra/DEPLOY.md): the gateway signs user identities and its own service token,
  // and verifies the session cache entries identity writes to Redis.
  IDENTITY_JWT_PRIVATE_KEY: z.string().min(1, 'IDENTITY_JWT_PRIVATE_KEY is required (private JWK signing user identities)'),
  SERVICE_JWT_PRIVATE_KEY: z.string().min(1, 'SERVICE_JWT_PRIVATE_KEY is required (private JWK for internal calls)'),
  SESSION_CACHE_PUBLIC_KEYS: z.string().min(1, 'SESSION_CACHE_PUBLIC_KEYS is required (JWKS of identity\'s session cache keys)'),
  STATIC_DIR: z.string().default(process.cwd()),
  // identity's internal port(s) for POST /internal/sessions/resolve (comma-separated replicas; default: each
  // UPSTREAM_IDENTITY origin with its port + 100, the services' internal ports: issue 21 §1)
  IDENTITY_INTERNAL_URL: z.string().optional(),
  // /metrics (Prometheus text) on a listener of its own, never under the public /api (default PORT + 100; 0: a free one)
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The site's public origin, for canonical links and sitemap.xml (default: this gateway on localhost).
  PUBLIC_URL: z.string().url().optional(),
  MFE_REGISTRY_FILE: z.string().optional(),
  // Secure by default (TLS in front): the __Host- session cookie, HSTS. `0` only for plain http (the launcher's local run).
  COOKIE_SECURE: z.enum(['0', '1', 'true', 'false', '']).optional().default('1'),
  LOG_LEVEL: z.string().default('info'),
  // Addresses/CIDRs of the load balancers in front (e.g. 127.0.0.1,10.0.0.0/8): X-Forwarded-For is honoured only from
  // them, so a client cannot pick its own rate-limit bucket. Empty: the socket address is the client.
  TRUSTED_PROXIES: z.string().optional().default('').transform((v, ctx) => {
    const list = v.split(',').map((s) => s.trim()).filter(Boolean);
    for (const p of list) if (!isAddressOrCidr(p)) ctx.addIssue({ code: 'custom', message: `"${p}" is not an IP address or CIDR` });
    return list;
  }),
  TRUST_PROXY: z.string().optional().refine((v) => !v || v === '0' || v === 'false',
    'TRUST_PROXY=1 trusted every hop (a client could choose its own address); list your load balancers in TRUSTED_PROXIES instead'),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(50_000).default(30_000),
  // Sign-in and reset attempts per minute (per IP + e-mail / per IP). Tests that sign in often may raise them.
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  // Sign-in per client IP (any e-mail); per account: after N failures a lockout of LOCK s, doubled per further
  // failure up to LOCK_MAX s (bounded: failures are forgotten after an hour, a success clears them).
  RATE_LIMIT_LOGIN_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ACCOUNT_LOCK_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  // Public forms (register, NDA sign-up, contact, call-back) per IP and route; sign-ups (register + NDA) per IP and hour.
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // Session tokens that resolve to no session, per IP.
  RATE_LIMIT_BAD_TOKENS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // A client that has not sent its whole request body within this time gets 408.
  CLIENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  // Streamed (multipart) bodies take their route's total (maxFiles × 25 MB plus the fields, from the route
  // definitions); these lower it, by the route table's bodyLimit (documents uploads, message sends), when set.
  UPLOAD_BODY_LIMIT_MB: z.coerce.number().int().min(1).optional(),
  MESSAGE_BODY_LIMIT_MB: z.coerce.number().int().min(1).optional(),
  // A streamed body may take longer than CLIENT_TIMEOUT_MS while it keeps coming: at least this many bytes per second
  // over each CLIENT_TIMEOUT_MS window, else 408.
  STREAM_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(SLOWEST_UPLOAD_BYTES_PER_SECOND),
  // SIGTERM: not ready at once (GET /api/health 503), serving on with `connection: close` this long, then the listener
  // closes (as the services do: nest-common SHUTDOWN_DRAIN_MS).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).default(1500),
});

export interface GatewayConfig {
  port: number;
  host: string;
  /** The /metrics listener's port (gateway/src/metrics.ts). */
  metricsPort: number;
  /** identity's internal origins (sessions/resolve). */
  identityInternal: string[];
  redisUrl: string;
  /** Private JWK (JSON) signing x-identity-token for users. */
  identityPrivateKey: string;
  /** Private JWK (JSON) signing the gateway's service token (session resolve). */
  servicePrivateKey: string;
  /** JWKS (JSON) verifying the session cache entries in Redis. */
  sessionCachePublicKeys: string;
  staticDir: string;
  registryFile: string;
  /** Public origin without a trailing slash (canonical links, sitemap). */
  publicUrl: string;
  cookieSecure: boolean;
  /** Name of the session cookie: `__Host-bb_session` when secure, `bb_session` on plain http (identity uses the same rule). */
  sessionCookie: string;
  logLevel: string;
  /** Load balancers whose X-Forwarded-For is honoured (Fastify trustProxy list); empty: none. */
  trustedProxies: string[];
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
  rateLimits: RateLimits;
  /** Request body must arrive within this time (ms), else 408 (streamed bodies: see streamMinBytesPerSecond). */
  clientTimeoutMs: number;
  /** Largest streamed (multipart) body per route kind, in bytes. */
  bodyLimits: Record<BodyLimit, number>;
  /** A streamed body is given further CLIENT_TIMEOUT_MS windows while at least this rate arrives. */
  streamMinBytesPerSecond: number;
  /** The public route table (tests may pass another one). */
  routeTable: readonly RouteEntry[];
  /** SIGTERM: how long a draining gateway serves on (not ready, `connection: close`) before its listener closes. */
  shutdownDrainMs: number;
}

const DEFAULT_PORTS: Record<ServiceName, number> = {
  identity: 3001, listings: 3002, documents: 3003, messaging: 3004, checklists: 3005,
};

function isAddressOrCidr(v: string): boolean {
  const [addr, bits, extra] = v.split('/');
  if (extra !== undefined || !addr) return false;
  const kind = isIP(addr);
  if (!kind) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (kind === 4 ? 32 : 128);
}

function parseUpstreams(raw: string | undefined, name: ServiceName, variable = `UPSTREAM_${name.toUpperCase()}`): string[] {
  const list = (raw ?? `http://127.0.0.1:${DEFAULT_PORTS[name]}`)
    .split(',').map((s) => s.trim()).filter(Boolean);
  for (const u of list) {
    let url: URL;
    try { url = new URL(u); } catch { throw new Error(`${variable}: "${u}" is not a URL`); }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${variable}: "${u}" must be http(s)`);
    }
  }
  return list.map((u) => new URL(u).origin);
}

/** A service's internal origin: its public origin with the port + 100 (CONVENTIONS "Processes, ports, environment"). */
export function internalOriginOf(origin: string): string {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  url.port = String(port + 100);
  return url.origin;
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
    metricsPort: e.METRICS_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 100),
    identityInternal: e.IDENTITY_INTERNAL_URL
      ? parseUpstreams(e.IDENTITY_INTERNAL_URL, 'identity', 'IDENTITY_INTERNAL_URL')
      : upstreams.identity.map(internalOriginOf),
    redisUrl: e.REDIS_URL,
    identityPrivateKey: e.IDENTITY_JWT_PRIVATE_KEY,
    servicePrivateKey: e.SERVICE_JWT_PRIVATE_KEY,
    sessionCachePublicKeys: e.SESSION_CACHE_PUBLIC_KEYS,
    staticDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    registryFile: path.resolve(staticDir, e.MFE_REGISTRY_FILE ?? 'infra/mfe-registry.json'),
    cookieSecure: e.COOKIE_SECURE !== '0' && e.COOKIE_SECURE !== 'false',
    sessionCookie: e.COOKIE_SECURE !== '0' && e.COOKIE_SECURE !== 'false' ? SESSION_COOKIE_SECURE : SESSION_COOKIE,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES,
    sessionCacheMs: e.SESSION_CACHE_MS,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    connectBudgetMs: 1800,
    replicaCooldownMs: 5000,
    upstreams,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginIpPerMinute: e.RATE_LIMIT_LOGIN_IP_PER_MINUTE,
      resetPerMinute: e.RATE_LIMIT_RESET_PER_MINUTE,
      accountFailures: e.RATE_LIMIT_ACCOUNT_FAILURES,
      accountLockMs: e.RATE_LIMIT_ACCOUNT_LOCK_SECONDS * 1000,
      accountLockMaxMs: Math.max(e.RATE_LIMIT_ACCOUNT_LOCK_SECONDS, e.RATE_LIMIT_ACCOUNT_LOCK_MAX_SECONDS) * 1000,
      formsPerMinute: e.RATE_LIMIT_FORMS_PER_MINUTE,
      signupsPerHour: e.RATE_LIMIT_SIGNUPS_PER_HOUR,
      badTokensPerMinute: e.RATE_LIMIT_BAD_TOKENS_PER_MINUTE,
    },
    clientTimeoutMs: e.CLIENT_TIMEOUT_MS,
    bodyLimits: { upload: (e.UPLOAD_BODY_LIMIT_MB ?? Infinity) * 1024 * 1024, message: (e.MESSAGE_BODY_LIMIT_MB ?? Infinity) * 1024 * 1024 },
    streamMinBytesPerSecond: e.STREAM_MIN_BYTES_PER_SECOND,
    routeTable: ROUTE_TABLE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}
