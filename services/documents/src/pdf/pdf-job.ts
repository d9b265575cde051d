import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Body of POST /internal/pdf-jobs and payload of a 'pdf' queue job. */
export const pdfJobSchema = z.object({
  /** Caller's idempotency key, e.g. "listing-agreement:<listingId>:v1". Same key → same PDF. */
  key: z.string().trim().min(1, 'key is required').max(200, 'key is too long'),
  title: z.string().trim().min(1, 'title is required').max(300),
  lines: z.array(z.string().max(5000)).max(500).default([]),
});
export type PdfJobData = z.output<typeof pdfJobSchema>;

export const PDF_JOB_NAME = 'render';

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** BullMQ job id for a key (deduplicates concurrent requests for the same PDF). */
export const pdfJobId = (key: string) => `pdf-${digest(key).slice(0, 40)}`;

/** Where the rendered PDF of a key is stored: a generated key, the same on every retry (idempotent overwrite). */
export const pdfStorageKey = (key: string) => `generated-pdfs/${digest(key).slice(0, 2)}/${digest(key)}.pdf`;
