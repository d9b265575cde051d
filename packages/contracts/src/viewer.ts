import { z } from 'zod';
import { documentIdParamsSchema } from './documents.js';

/**
 * The in-portal document viewer (issue 23 §1): a PDF a party may see is shown as page images the server renders from a
 * copy watermarked with the viewer's name, e-mail and the date, so the PDF itself never reaches the browser.
 */

/** Page image widths (pixels) the server renders: thumbnails, the page, and the page zoomed in. */
export const VIEWER_PAGE_WIDTHS = { thumbnail: 160, page: 1200, large: 2000 } as const;
export type ViewerPageSize = keyof typeof VIEWER_PAGE_WIDTHS;
export const VIEWER_PAGE_SIZES = Object.keys(VIEWER_PAGE_WIDTHS) as ViewerPageSize[];

export const VIEWER_MSG = {
  pageNotFound: 'Page not found',
  notViewable: 'This document cannot be shown in the viewer; download it instead',
  notPrepared: 'This document could not be prepared for viewing; please ask your broker for another copy',
  renderUnavailable: 'Pages cannot be shown right now; please try again in a moment',
  /** A Word file whose PDF for viewing the pdf worker has not made yet (issue 23 §1). */
  preparing: 'This document is being prepared for viewing; it will open in a moment',
} as const;

/** Seconds the viewer waits before asking again for a document being prepared (the 202's Retry-After). */
export const VIEWER_PREPARING_RETRY_SECONDS = 3;

/** GET …/documents/{documentId}/pages */
export const viewerPagesParamsSchema = documentIdParamsSchema;
/**
 * GET …/documents/{documentId}/pages/{page}: the page stays a string until the caller's access is decided (a non-party
 * or a buyer before the step gets the document's 404/409 whatever the page), then anything but 1…pageCount is 404.
 */
export const viewerPageParamsSchema = documentIdParamsSchema.extend({ page: z.string().max(12) });
export const viewerPageQuerySchema = z.object({ size: z.enum(VIEWER_PAGE_SIZES as [ViewerPageSize, ...ViewerPageSize[]]).optional() });

/** The page count of a document the caller may view (ids, name and count only: never a storage key). */
export const viewerDocumentSchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  pageCount: z.number().int().positive(),
  /**
   * A buyer's: the view ticket their engagement reports carry (issue 23 §3): signed by documents, it says the viewer's
   * rule let this buyer open this document (version, page count) then; a report with a current one is taken without
   * asking the rule again (a listing event since it was issued, or its end after 15 min: the rule is asked).
   */
  ticket: z.string().max(512).optional(),
});
export type ViewerDocument = z.infer<typeof viewerDocumentSchema>;
/**
 * 202 of GET …/pages while a Word file's PDF for viewing is being made by the pdf worker (ask again after Retry-After);
 * not an opening (nothing recorded until the 200).
 */
export const viewerPreparingSchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  status: z.literal('preparing'),
  message: z.string(),
});
export type ViewerPreparing = z.infer<typeof viewerPreparingSchema>;

/**
 * GET …/documents/{documentId}/pages/{page}/text: the page's text layer, read from the same stamped copy as its image
 * (the stamp's footer line included; the diagonal one is in the image only). Boxes are fractions (0…1) of the page's
 * width and height from its top-left corner, so they fit the image at any size; words in reading order, by line.
 */
export const viewerWordSchema = z.object({
  text: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export const viewerPageTextSchema = z.object({
  page: z.number().int().positive(),
  lines: z.array(z.object({ words: z.array(viewerWordSchema) })),
});
export type ViewerWord = z.infer<typeof viewerWordSchema>;
export type ViewerPageText = z.infer<typeof viewerPageTextSchema>;
export type ViewerPageParams = z.infer<typeof viewerPageParamsSchema>;
export type ViewerPageQuery = z.infer<typeof viewerPageQuerySchema>;
