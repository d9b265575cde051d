import { z } from 'zod';

/** Environment every service understands (docs/CONVENTIONS.md §"Processes, ports, environment"). */
export const serviceConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // the port of /internal/*, health and /metrics (default PORT + 100; 0: a free one): issue 21 §1, http/internal-port.ts
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://user:pass@host:port/brokerage)'),
  REDIS_URL: z.string().min(1, 'REDIS_URL is required (redis://host:port)'),
  // ES256 keys as single-line JSON (docs/CONVENTIONS.md "Identity across services"): public JWKS to verify the gateway's
  // user identities and the services' tokens, the private JWK this service (and no other) signs its internal calls with
  // (kid service-<name>-…). The pdf worker calls no one and has none; an InternalHttpClient refuses to start without it.
  IDENTITY_JWT_PUBLIC_KEYS: z.string().min(1, 'IDENTITY_JWT_PUBLIC_KEYS is required (JWKS of the gateway identity keys)'),
  SERVICE_JWT_PUBLIC_KEYS: z.string().min(1, 'SERVICE_JWT_PUBLIC_KEYS is required (JWKS of every service\'s key)'),
  SERVICE_JWT_PRIVATE_KEY: z.string().min(1, 'SERVICE_JWT_PRIVATE_KEY is empty (this service\'s private JWK for internal calls)').optional(),
  // identity only: signs the session cache entries the gateway reads from Redis
  SESSION_CACHE_PRIVATE_KEY: z.string().optional(),
  // identity only: the session cookie is Secure and named __Host-bb_session unless COOKIE_SECURE=0 (plain-http local run)
  COOKIE_SECURE: z.string().optional().transform((v) => v !== '0' && v !== 'false'),
  /** Unset: info, or silent under Jest (JEST_WORKER_ID) so test output stays readable. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  JEST_WORKER_ID: z.string().optional(),
  SEED_DEMO: z.string().optional().transform((v) => v === '1' || v === 'true'),
  // internal calls go to the services' internal ports (PORT + 100)
  IDENTITY_URL: z.string().default('http://127.0.0.1:3101'),
  LISTINGS_URL: z.string().default('http://127.0.0.1:3102'),
  DOCUMENTS_URL: z.string().default('http://127.0.0.1:3103'),
  MESSAGING_URL: z.string().default('http://127.0.0.1:3104'),
  CHECKLISTS_URL: z.string().default('http://127.0.0.1:3105'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().default('brokerage'),
  S3_REGION: z.string().default('us-east-1'),
  // SIGTERM: how long the process keeps serving (not ready) before it closes its listener (issue 20 §2)
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8000).default(1500),
  // listings: how often the idle-journey notices are checked (a BullMQ job scheduler; 0: not scheduled)
  IDLE_JOURNEY_CHECK_MS: z.coerce.number().int().min(0).default(3_600_000),
});

export type ServiceConfig = z.output<typeof serviceConfigSchema>;

/** Injection token of the validated ServiceConfig. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export class ConfigError extends Error {}

/** Validates process.env (or the given env). Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const result = serviceConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid service configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
