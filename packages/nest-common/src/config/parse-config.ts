import type { z } from 'zod';
import { ConfigError } from './service-config.js';

/**
 * Validates the environment with a service's own config schema (usually `serviceConfigSchema.extend({...})`).
 * Throws ConfigError listing every problem; bootstrapService prints it and exits.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid service configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** DATABASE_URL for the TypeORM CLI's data-source.ts (a migration command needs nothing else of the service config). */
export function cliDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/brokerage';
}
