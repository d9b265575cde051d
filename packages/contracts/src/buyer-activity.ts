import { z } from 'zod';
import { TEXT_MAX, tooLong } from './text.js';
import { DOCUMENT_TYPES } from './documents.js';

/**
 * Seller step 6 "Buyer Activity" (spec part 2 §2, §3 "Buyer activity row") with real data (ARCHITECTURE deviation 5:
 * no sample rows), and the offers staff record for a buyer on a listing (issue 11).
 *  - GET /seller/listings/{listingId}/buyer-activity (SELLER, their listing) → BuyerActivityResponse.
 *  - GET|POST /broker|agent/buyers/{buyerId}/listings/{listingId}/offers (staff in scope; the buyer a party) → offers.
 */
export const BUYER_ACTIVITY_STATUSES = ['Interested', 'Not Interested', 'Made an offer'] as const;
export type BuyerActivityStatus = (typeof BUYER_ACTIVITY_STATUSES)[number];
/** The screen's status filter (spec part 2 §2). */
export const BUYER_ACTIVITY_FILTERS = ['All', ...BUYER_ACTIVITY_STATUSES] as const;
export type BuyerActivityFilter = (typeof BUYER_ACTIVITY_FILTERS)[number];
export const YES_NO_PENDING = ['Yes', 'No', 'Pending'] as const;
export type YesNoPending = (typeof YES_NO_PENDING)[number];
/** Rows per page of the table; at most this many page buttons before the ellipsis and the last page. */
export const BUYER_ACTIVITY_PAGE_SIZE = 25;
export const BUYER_ACTIVITY_MAX_PAGE_BUTTONS = 5;
/** The step's id (screen "Step 6 of 11"): a hand step (MANUAL_STEPS), also completed automatically on load. */
export const BUYER_ACTIVITY_STEP = 5;

export const buyerActivityRowSchema = z.object({
  /** The buyer's user id. */
  id: z.string(),
  /** B001, B002… in the order the buyers first contacted the listing. */
  buyerNumber: z.string(),
  buyerName: z.string(),
  /** Organization of their NDA, else their profile's company, else ''. */
  company: z.string(),
  /** When they became a party of the listing (ISO). */
  dateOfContact: z.string(),
  /** Yes: NDA signed (sign-up or online); Pending: online NDA saved, not submitted; No otherwise. */
  nda: z.enum(YES_NO_PENDING),
  /** Yes: financial statement submitted; Pending: saved; No otherwise. */
  preQualified: z.enum(YES_NO_PENDING),
  /** Made an offer (an offer recorded), Not Interested (rejected by the seller), else Interested. */
  status: z.enum(BUYER_ACTIVITY_STATUSES),
  /** The seller's decision on the party: interested (undecided, may be approved or rejected), approved, rejected. */
  decision: z.enum(['interested', 'approved', 'rejected']),
  /** Their highest recorded offer in dollars, null when none. */
  offerAmount: z.number().nullable(),
  email: z.string(),
  /** Their latest activity, e.g. "Viewed CBR/CIM", "Downloaded CBR/CIM", "Sent a message". */
  activity: z.string(),
  /** When it happened (ISO). */
  timestamp: z.string(),
});
export type BuyerActivityRow = z.infer<typeof buyerActivityRowSchema>;

export const buyerActivityStatsSchema = z.object({
  /**
   * Document views by the listing's buyers (issue 23 §3): each document (version) a buyer read in the in-portal viewer
   * counts once per buyer (its page-engagement records), plus each download or inline open of a file (documents'
   * audit). Opening a document in the viewer again adds reading time, not views.
   */
  totalViews: z.number().int(),
  /** Buyers not rejected (Interested or Made an offer). */
  interestedBuyers: z.number().int(),
  /** Offers recorded on the listing. */
  offersReceived: z.number().int(),
  /** The highest offer in dollars, null when none (the screen shows thousands: $485K). */
  highestOffer: z.number().nullable(),
});
export type BuyerActivityStats = z.infer<typeof buyerActivityStatsSchema>;

export const buyerActivityResponseSchema = z.object({
  listingId: z.string(),
  stats: buyerActivityStatsSchema,
  buyers: z.array(buyerActivityRowSchema),
});
export type BuyerActivityResponse = z.infer<typeof buyerActivityResponseSchema>;

/** Latest-activity texts of a row. */
export const BUYER_ACTIVITY_TEXT = {
  contacted: 'Showed interest in the listing',
  ndaSigned: 'Signed the NDA',
  statementSubmitted: 'Submitted the financial statement',
  offerMade: 'Made an offer',
  downloaded: (label: string) => `Downloaded ${label}`,
  /** Read in the in-portal viewer (the time: the last page-time report). */
  viewed: (label: string) => `Viewed ${label}`,
  uploaded: 'Uploaded a document',
  messaged: 'Sent a message',
} as const;

/** Under the Total Views card: what it counts (issue 23 §3, see buyerActivityStatsSchema.totalViews). */
export const TOTAL_VIEWS_HINT = 'Documents read in the viewer, and downloads';

/** Highest offer in thousands of dollars for the stat card: 485000 → "$485K"; none → "$0K". */
export function thousandsOfDollars(amount: number | null): string {
  const k = Math.round((amount ?? 0) / 1000);
  return `$${k.toLocaleString('en-US')}K`;
}

/** The screen's search (name, company or number, case-insensitive) and status filter. */
export function filterBuyerActivity(rows: BuyerActivityRow[], search: string, status: BuyerActivityFilter): BuyerActivityRow[] {
  const q = search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (status === 'All' || r.status === status) &&
      (!q || r.buyerName.toLowerCase().includes(q) || r.company.toLowerCase().includes(q) || r.buyerNumber.toLowerCase().includes(q)),
  );
}

/**
 * The pager's buttons: at most 5 page numbers (a window around the current page), then an ellipsis and the last page
 * when the window ends before it. 12 pages on page 1 → 1 2 3 4 5 … 12; on page 7 → 5 6 7 8 9 … 12; on 11 → 7 8 9 10 11 12.
 */
export function pageButtons(current: number, total: number, max = BUYER_ACTIVITY_MAX_PAGE_BUTTONS): Array<number | 'ellipsis'> {
  if (total <= max + 1) return Array.from({ length: total }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(current - Math.floor(max / 2), total - max));
  const window = Array.from({ length: max }, (_, i) => start + i);
  return window[window.length - 1]! < total - 1 ? [...window, 'ellipsis', total] : [...window, total];
}

// ---- offers ----

export const OFFER_MSG = {
  amountRequired: 'Offer amount is required',
  amountInvalid: 'Offer amount must be a number greater than 0 with at most 2 decimals',
  dateRequired: 'Offer date is required',
  dateInvalid: 'Offer date must be a date (YYYY-MM-DD)',
  buyerNotParty: 'This buyer is not a party of this listing',
  recorded: 'Offer recorded successfully',
} as const;

/** Number or decimal string → canonical decimal string "485000.00" (> 0, ≤ 12 integer digits, ≤ 2 decimals). */
export const offerAmountSchema = z
  .union([z.number(), z.string().trim().max(20, OFFER_MSG.amountInvalid)], { error: OFFER_MSG.amountRequired })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.replace(/[$,\s]/g, '');
    const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m || !/[1-9]/.test(s)) {
      ctx.addIssue({ code: 'custom', message: s === '' ? OFFER_MSG.amountRequired : OFFER_MSG.amountInvalid });
      return z.NEVER;
    }
    return `${m[1]!.replace(/^0+(?=\d)/, '')}.${(m[2] ?? '').padEnd(2, '0')}`;
  });

const isoDate = z
  .string({ error: OFFER_MSG.dateRequired })
  .trim()
  .min(1, OFFER_MSG.dateRequired)
  .max(10, OFFER_MSG.dateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, OFFER_MSG.dateInvalid)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), OFFER_MSG.dateInvalid);

/** POST /broker|agent/buyers/{buyerId}/listings/{listingId}/offers. */
export const recordOfferSchema = z.object({
  amount: offerAmountSchema,
  date: isoDate,
  note: z.string().trim().max(TEXT_MAX.text, tooLong('Note', TEXT_MAX.text)).optional().nullable(),
});
export type RecordOfferRequest = z.input<typeof recordOfferSchema>;

const uuidParam = (message: string) => z.string({ error: message }).max(36, message).pipe(z.uuid(message));
export const offerParamsSchema = z.object({
  buyerId: uuidParam('Invalid user id'),
  listingId: uuidParam('Invalid listing id'),
});

export const offerSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  buyerId: z.string(),
  amount: z.number(),
  /** The offer's date (YYYY-MM-DD). */
  date: z.string(),
  note: z.string().nullable(),
  recordedBy: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offersResponseSchema = z.object({ offers: z.array(offerSchema) });
export type OffersResponse = z.infer<typeof offersResponseSchema>;
export const recordOfferResponseSchema = z.object({ message: z.string(), offer: offerSchema });
export type RecordOfferResponse = z.infer<typeof recordOfferResponseSchema>;

// ---- internal (service to service) ----

/**
 * documents: GET /internal/listings/{listingId}/buyer-activity (SERVICE) → per buyer of the listing: `views` = documents
 * read in the viewer (documents.page_engagement, one per document version) + downloads and inline opens
 * (documents.downloads via 'file', role BUYER); their latest read in the viewer (the document's last page-time report),
 * latest download and latest own upload. A viewer opening with no page time reported is neither a view nor a download.
 */
export const internalDocumentActivitySchema = z.object({
  listingId: z.string(),
  users: z.array(
    z.object({
      userId: z.string(),
      views: z.number().int(),
      lastView: z.object({ documentType: z.enum(DOCUMENT_TYPES), at: z.string() }).nullable(),
      lastDownload: z.object({ documentType: z.enum(DOCUMENT_TYPES), at: z.string() }).nullable(),
      lastUpload: z.object({ at: z.string() }).nullable(),
    }),
  ),
});
export type InternalDocumentActivity = z.infer<typeof internalDocumentActivitySchema>;

/** messaging: POST /internal/messages/last-sent {userIds} (SERVICE) → each user's latest sent message time. */
export const lastSentRequestSchema = z.object({
  userIds: z.array(z.uuid().max(36)).max(1000),
});
export type LastSentRequest = z.infer<typeof lastSentRequestSchema>;
export const lastSentResponseSchema = z.object({
  users: z.array(z.object({ userId: z.string(), at: z.string() })),
});
export type LastSentResponse = z.infer<typeof lastSentResponseSchema>;
