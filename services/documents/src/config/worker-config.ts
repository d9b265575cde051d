import { z } from 'zod';
import { parseConfig } from '@brokerage/nest-common';

/** The pdf worker's own setting (the rest is the common service config): its health port, else PORT, else 3013. */
export const workerConfigSchema = z.object({ WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional() });

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(workerConfigSchema, env);
