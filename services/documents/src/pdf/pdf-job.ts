import { createHash } from 'node:crypto';

/** The job payload is the contract of POST /internal/pdf-jobs (packages/contracts documents.ts). */
export { pdfJobSchema, type PdfJobData } from '@brokerage/contracts';

export const PDF_JOB_NAME = 'render';

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** BullMQ job id for a key (deduplicates concurrent requests for the same PDF). */
export const pdfJobId = (key: string) => `pdf-${digest(key).slice(0, 40)}`;

/** Where the rendered PDF of a key is stored: a generated key, the same on every retry (idempotent overwrite). */
export const pdfStorageKey = (key: string) => `generated-pdfs/${digest(key).slice(0, 2)}/${digest(key)}.pdf`;
