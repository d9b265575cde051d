import { createHash } from 'node:crypto';
import { z } from 'zod';
import { OFFICE_VIEW_TYPES } from './office-to-pdf.js';

/**
 * Word files' PDFs for viewing (issue 23 §1): made by the pdf worker from the 'office-pdf' queue (one conversion at a
 * time, apart from the form PDFs' 'pdf' queue), requested through documents.outbox (kind `office-pdf`).
 */
export const OFFICE_PDF_QUEUE = 'office-pdf';
/** The outbox kind and the job name. */
export const OFFICE_PDF = 'office-pdf';

/** One stored Word file to convert; everything the worker needs (it reads no table). */
export const officePdfJobSchema = z.object({
  documentId: z.string().uuid(),
  listingId: z.string().uuid(),
  storageKey: z.string().min(1).max(1024),
  contentType: z.enum(Object.keys(OFFICE_VIEW_TYPES) as [string, ...string[]]),
});
export type OfficePdfJob = z.infer<typeof officePdfJobSchema>;

/** A Word file the viewer shows through a PDF of it. */
export const isOfficeFile = (contentType: string): boolean => Object.hasOwn(OFFICE_VIEW_TYPES, contentType);

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** BullMQ job id of a stored file's conversion: the same file is one job while it is kept (waiting, active, done). */
export const officePdfJobId = (storageKey: string) => `office-pdf-${digest(storageKey).slice(0, 40)}`;

/**
 * Where a stored file's PDF for viewing lives: beside the viewers' copies, under the listing's prefix (a deleted listing
 * or document takes it along), one per stored file (named by its storage key's hash: a new version is a new file).
 * `failed` holds why the worker gave up ('no-converter': no LibreOffice → 415; 'unconvertible' → 422).
 */
export function officePdfKeys(doc: { listingId: string; documentId: string; storageKey: string }) {
  const base = `listings/${doc.listingId}/viewer/${doc.documentId}/converted-${digest(doc.storageKey).slice(0, 32)}`;
  return { pdf: `${base}.pdf`, failed: `${base}.failed` };
}

export const OFFICE_PDF_FAILURES = ['no-converter', 'unconvertible'] as const;
export type OfficePdfFailure = (typeof OFFICE_PDF_FAILURES)[number];
