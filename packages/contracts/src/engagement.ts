import { z } from 'zod';
import { documentIdParamsSchema, docListingParamsSchema } from './documents.js';
import { ENGAGEMENT_LIMITS, ENGAGEMENT_MSG } from './engagement-limits.js';

/**
 * Page-level engagement (issue 23 §3): the in-portal viewer reports how long each page was visible; the documents
 * service keeps it per buyer × document (a version is its own document) × page. Only buyers' time is recorded: the
 * report route is in the buyer's area alone (other roles get the role guard's 403; their viewers do not report).
 */
export { ENGAGEMENT_LIMITS, ENGAGEMENT_MSG } from './engagement-limits.js';

/** POST /buyer/documents/{documentId}/engagement */
export const engagementParamsSchema = documentIdParamsSchema;
export const engagementReportSchema = z
  .object({
    pages: z
      .array(z.object({ page: z.number().int().min(1).max(999_999), ms: z.number().int().min(1).max(ENGAGEMENT_LIMITS.maxMsPerReport) }).strict())
      .min(1)
      .max(ENGAGEMENT_LIMITS.maxPages, ENGAGEMENT_MSG.tooManyPages),
    /** The view ticket of the viewer's opening (viewerDocumentSchema.ticket); without one the rule is asked. */
    ticket: z.string().max(512).optional(),
  })
  .strict()
  .refine((r) => r.pages.reduce((s, p) => s + p.ms, 0) <= ENGAGEMENT_LIMITS.maxMsPerReport, { message: ENGAGEMENT_MSG.tooMuchTime, path: ['pages'] });
export type EngagementReport = z.infer<typeof engagementReportSchema>;

/** Seconds on one page (rounded to tenths). */
export const pageTimeSchema = z.object({ page: z.number().int(), seconds: z.number() });
/** One document a buyer opened: its times, and the seconds on each page (pages never seen absent). */
export const documentEngagementSchema = z.object({
  documentId: z.string(),
  fileName: z.string(),
  version: z.number().int(),
  pageCount: z.number().int().nullable(),
  firstViewedAt: z.string(),
  lastViewedAt: z.string(),
  totalSeconds: z.number(),
  pages: z.array(pageTimeSchema),
});
/** One buyer on a listing: documents opened, first and last view, total time, each document's pages. */
export const buyerEngagementSchema = z.object({
  buyer: z.object({ id: z.string(), name: z.string() }),
  documentsOpened: z.number().int(),
  firstViewedAt: z.string(),
  lastViewedAt: z.string(),
  totalSeconds: z.number(),
  documents: z.array(documentEngagementSchema),
});
/** GET /broker|agent/listings/{listingId}/engagement: each buyer with recorded time, most recent first. */
export const listingEngagementParamsSchema = docListingParamsSchema;
export const listingEngagementSchema = z.object({ listingId: z.string(), buyers: z.array(buyerEngagementSchema) });
/** GET /buyer/engagement: what is recorded about the caller, per listing (transparency). */
export const myEngagementSchema = z.object({ listings: z.array(z.object({ listingId: z.string() }).merge(buyerEngagementSchema.omit({ buyer: true }))) });

/** The buyer portal's "Your document activity" (GET /buyer/engagement shown to the buyer it is about). */
export const MY_ENGAGEMENT_TEXT = {
  title: 'Your document activity',
  loading: 'Loading your document activity...',
  failed: 'Failed to load your document activity',
  empty: 'Nothing is recorded about you yet: you have not read a document in the viewer.',
  about:
    "When you read a document in the portal's viewer, the time each page is on screen is recorded. Your broker and the listing's agent see it per page; the seller sees which kind of document you viewed last, and when, and the listing's total views. Opening or downloading a document is recorded too.",
  /** A listing the buyer is no longer a party of (its name is not shown to them). */
  otherListing: 'A listing',
} as const;

export type PageTime = z.infer<typeof pageTimeSchema>;
export type DocumentEngagement = z.infer<typeof documentEngagementSchema>;
export type BuyerEngagement = z.infer<typeof buyerEngagementSchema>;
export type ListingEngagement = z.infer<typeof listingEngagementSchema>;
export type MyEngagement = z.infer<typeof myEngagementSchema>;
