import { z } from 'zod';
import { parseConfig } from '@brokerage/nest-common';

/** The document viewer's settings (issue 23 §1; the rest is the common service config). */
export const viewerConfigSchema = z.object({
  /** poppler-utils' pdftoppm (Debian package poppler-utils). */
  PDFTOPPM_PATH: z.string().min(1).default('pdftoppm'),
  /** poppler-utils' pdftotext: the viewer's text layer (words and their boxes). */
  PDFTOTEXT_PATH: z.string().min(1).default('pdftotext'),
  /** pdftoppm processes one documents process runs at once (the others wait their turn). */
  VIEWER_RENDERS: z.coerce.number().int().min(1).max(32).default(2),
  /** A render that takes longer is killed and answered 503. */
  VIEWER_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
});
export type ViewerConfig = z.infer<typeof viewerConfigSchema>;

export const VIEWER_CONFIG = Symbol('VIEWER_CONFIG');
export const loadViewerConfig = (env: NodeJS.ProcessEnv = process.env): ViewerConfig => parseConfig(viewerConfigSchema, env);
