import { z } from 'zod';
import { parseConfig } from '@brokerage/nest-common';

/** The pdf worker's own settings (the rest is the common service config). */
export const workerConfigSchema = z.object({
  /** Its health port, else PORT, else 3013. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long a job's lock lasts (renewed while it runs): a worker that died holding a job frees it after this (ms). */
  PDF_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Threads that render PDFs (pdfkit is synchronous: off the event loop, one renders at pdfkit's pace); 0: on the loop. */
  PDF_RENDER_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** LibreOffice (Debian's libreoffice-writer-nogui): Word files are shown in the viewer through its PDF of them. */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
});

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(workerConfigSchema, env);
