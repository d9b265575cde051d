import { z } from 'zod';
import { UPLOAD_LIMITS } from '@brokerage/contracts';
import { parseConfig } from '@brokerage/nest-common';

/** The documents API's own settings (the rest is the common service config). */
export const documentsConfigSchema = z.object({
  /** Largest accepted file of an upload, in bytes (default 25 MB). */
  UPLOAD_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(UPLOAD_LIMITS.maxFileBytes),
  /** Relay of journey events to listings: poll interval (ms). */
  JOURNEY_OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /**
   * Longest the access rule's answer from listings (parties + the caller's journey) is reused, in ms; listing events
   * drop it at once (listings-access/listings.client.ts), so the bound only matters for an event listings failed to
   * publish; a reader turning a page every few seconds asks listings twice a minute, not on every page. 0: every request.
   */
  LISTING_ACCESS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * Folder of the engagement journals (engagement/engagement-journal.ts): reports accepted and not yet handed to the
   * queue. Default: a folder per database under the system's temp folder; k8s mounts a volume of the pod's here.
   */
  ENGAGEMENT_JOURNAL_DIR: z.string().min(1).optional(),
});
export type DocumentsConfig = z.infer<typeof documentsConfigSchema>;

export const DOCUMENTS_CONFIG = Symbol('DOCUMENTS_CONFIG');
export const loadDocumentsConfig = (env: NodeJS.ProcessEnv = process.env): DocumentsConfig => parseConfig(documentsConfigSchema, env);
