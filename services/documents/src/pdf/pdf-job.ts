import { createHash } from 'node:crypto';
import type { JobsOptions } from 'bullmq';

/** The job payload is the contract of POST /internal/pdf-jobs (packages/contracts documents.ts). */
export { pdfJobSchema, type PdfJobData } from '@brokerage/contracts';

export const PDF_JOB_NAME = 'render';

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** BullMQ job id for a key (deduplicates concurrent requests for the same PDF). */
export const pdfJobId = (key: string) => `pdf-${digest(key).slice(0, 40)}`;

/** Where the rendered PDF of a key is stored: a generated key, the same on every retry (idempotent overwrite). */
export const pdfStorageKey = (key: string) => `generated-pdfs/${digest(key).slice(0, 2)}/${digest(key)}.pdf`;

/**
 * Options of the PDF queues' jobs ('pdf', 'office-pdf'): the id is the work's, retried with exponential back-off, kept an
 * hour once done (adding the same id again meanwhile is a no-op) and a day once failed.
 */
export const keptJobOptions = (jobId: string, attempts: number, firstDelayMs: number): JobsOptions => ({
  jobId,
  attempts,
  backoff: { type: 'exponential', delay: firstDelayMs },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
});
