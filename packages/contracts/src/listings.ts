import { z } from 'zod';
import { requiredText } from './text.js';
import type { Progress } from './journeys.js';

/**
 * Listings and their parties (spec part 3 §3 "Listing", part 2 §3). Money: price is stored as numeric(14,2) and is a JSON
 * number in responses; on input a number or a decimal string with at most 2 decimals (never float arithmetic on the server).
 */
export const LISTING_STATUSES = ['ACTIVE', 'UNDER_CONTRACT', 'CLOSED', 'INACTIVE'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Statuses the listing form may set; INACTIVE (archived) only through PATCH …/archive. */
export const EDITABLE_LISTING_STATUSES = ['ACTIVE', 'UNDER_CONTRACT', 'CLOSED'] as const;
export type EditableListingStatus = (typeof EDITABLE_LISTING_STATUSES)[number];

export const BUYER_PARTY_STATUSES = ['interested', 'approved', 'rejected'] as const;
export type BuyerPartyStatus = (typeof BUYER_PARTY_STATUSES)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** zod 4: a schema-level error message would also answer for .max(); each bound states its own. */
const atMost = (label: string, max: number) => `${label} must be at most ${max} characters`;

export const LISTING_MSG = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a number of at least 0 with at most 2 decimals',
  sellerRequired: 'Seller is required',
  statusInvalid: 'Status must be ACTIVE, UNDER_CONTRACT or CLOSED',
  privateSellerName: 'Private seller name is required. Please update this listing once the seller is registered.',
  privateSellerEmail: 'Private seller email is required. Please update this listing once the seller is registered.',
  privateSellerEmailInvalid:
    'Please enter a valid email address for the private seller. Please update this listing once the seller is registered.',
  invalidListingId: 'Invalid listing id',
  invalidUserId: 'Invalid user id',
  listingNotFound: 'Listing not found',
  notAvailable: 'This listing is not available',
  archivedStatusLocked: 'This listing is archived. Reactivate it before changing its status.',
  notArchived: 'This listing is not archived',
  alreadyArchived: 'This listing is already archived',
  sellerNotFound: 'Seller not found',
  agentNotFound: 'Agent not found',
  buyerNotFound: 'Buyer not found',
  notInterestedBuyer: 'This buyer is not interested in this listing',
} as const;

const uuid = (message: string) => z.string({ error: message }).max(36, message).pipe(z.uuid(message));

/** Lower-case statuses are accepted on input (spec part 2 §3). */
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
export const listingStatusInputSchema = z.preprocess(upper, z.enum(LISTING_STATUSES, { error: 'Invalid status' }));
export const editableListingStatusSchema = z.preprocess(
  upper,
  z.enum(EDITABLE_LISTING_STATUSES, { error: LISTING_MSG.statusInvalid }),
);

/** Number or decimal string → canonical decimal string "1234.50" (≤ 12 integer digits, ≤ 2 decimals, ≥ 0). */
export const priceInputSchema = z
  .union([z.number(), z.string().trim().max(20)], { error: LISTING_MSG.priceRequired })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: s === '' ? LISTING_MSG.priceRequired : LISTING_MSG.priceInvalid });
      return z.NEVER;
    }
    return `${m[1]!.replace(/^0+(?=\d)/, '')}.${(m[2] ?? '').padEnd(2, '0')}`;
  });

export const privateSellerSchema = z.object({
  name: requiredText(LISTING_MSG.privateSellerName).max(200, atMost('Private seller name', 200)),
  email: requiredText(LISTING_MSG.privateSellerEmail)
    .max(320, atMost('Private seller email', 320))
    .regex(EMAIL_PATTERN, LISTING_MSG.privateSellerEmailInvalid),
  phone: z.string().trim().max(50, atMost('Private seller phone', 50)).optional().nullable(),
});
export type PrivateSeller = z.infer<typeof privateSellerSchema>;

const listingWriteFields = {
  title: requiredText(LISTING_MSG.titleRequired).max(300, atMost('Title', 300)),
  description: requiredText(LISTING_MSG.descriptionRequired).max(10000, atMost('Description', 10000)),
  price: priceInputSchema,
  status: editableListingStatusSchema.optional(),
  /** A registered SELLER; omitted (or null) with privateSeller. */
  sellerId: uuid(LISTING_MSG.sellerRequired).optional().nullable(),
  privateSeller: privateSellerSchema.optional().nullable(),
  buyerIds: z.array(uuid('Invalid buyer id')).max(500, 'At most 500 buyers').optional(),
  /** Ignored when the seller has a manager (the manager is the agent, "(Assigned)"). */
  agentId: uuid('Invalid agent id').optional().nullable(),
};

/** POST /broker/listings. Exactly one of sellerId / privateSeller. Status defaults to ACTIVE. */
export const createListingSchema = z
  .object(listingWriteFields)
  .refine((b) => !!b.sellerId !== !!b.privateSeller, { message: LISTING_MSG.sellerRequired, path: ['sellerId'] });
export type CreateListingRequest = z.input<typeof createListingSchema>;

/** PUT /broker/listings/{id}: the same payload; every field optional (what is sent is changed). */
export const updateListingSchema = z
  .object({
    ...listingWriteFields,
    title: listingWriteFields.title.optional(),
    description: listingWriteFields.description.optional(),
    price: priceInputSchema.optional(),
  })
  .refine((b) => !(b.sellerId && b.privateSeller), { message: LISTING_MSG.sellerRequired, path: ['sellerId'] });
export type UpdateListingRequest = z.input<typeof updateListingSchema>;

export const listingIdParamsSchema = z.object({ id: uuid(LISTING_MSG.invalidListingId) });
export const listingIdParamSchema = z.object({ listingId: uuid(LISTING_MSG.invalidListingId) });
export const buyerIdBodySchema = z.object({ buyerId: uuid(LISTING_MSG.invalidUserId) });
export const selectListingSchema = z.object({ listingId: uuid(LISTING_MSG.invalidListingId) });
export type SelectListingRequest = z.infer<typeof selectListingSchema>;

/**
 * GET /broker/listings (and /agent/listings) query. The spec's screen lists every listing; at 10,000 rows that is
 * megabytes per call, so the list is paged: default pageSize 50, at most 500, newest first; `status` filters
 * (e.g. INACTIVE for the archived section). `total` tells the screen whether more pages exist.
 */
export const listingsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number ≥ 1' }).int().min(1).max(100000).optional().default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be 1-500' }).int().min(1).max(500).optional().default(50),
  status: listingStatusInputSchema.optional(),
});
export type ListingsQuery = z.input<typeof listingsQuerySchema>;

// ---- responses ----

export const partyRefSchema = z.object({ id: z.string(), name: z.string() });
export type PartyRef = z.infer<typeof partyRefSchema>;

export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  status: z.enum(LISTING_STATUSES),
  /** The registered seller (email only in staff views); null for a private seller. */
  seller: z.object({ id: z.string(), name: z.string(), email: z.string().optional() }).nullable(),
  privateSeller: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  /** Buyers that are parties (interested or approved; rejected buyers are not listed). */
  buyers: z.array(partyRefSchema),
  agent: partyRefSchema.nullable(),
  /** Set when the listing became CLOSED (dashboards count closed deals by it). */
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export interface ListingsResponse {
  listings: Listing[];
  /** Paged staff lists only (GET /broker/listings, /agent/listings). */
  total?: number;
  page?: number;
  pageSize?: number;
}
export interface ListingResponse {
  listing: Listing;
}
/** Answer of writes that change a listing: POST/PUT/PATCH. */
export interface ListingMutationResponse {
  message: string;
  listing: Listing;
}

/**
 * A listing's public card: all a buyer learns of a listing until their NDA step for it is completed (ARCHITECTURE
 * "Access policy"; contracts listing-access.ts `ndaCompleted`). No seller, agent, buyers, dates, offers or documents.
 */
export const listingCardSchema = listingSchema.pick({ id: true, title: true, description: true, price: true, status: true });
export type ListingCard = z.infer<typeof listingCardSchema>;

/**
 * A listing as a buyer sees it (every buyer answer of the listings service: /buyer/listings, /buyer/listings/{id},
 * /buyer/current-listing, /buyer/select-listing). `ndaCompleted: false` → the public card only; `true` → the seller's
 * name (deviation 6; registered or private seller, never an e-mail, phone or id), the agent, and `buyers` holding only
 * the caller (deviation 7).
 */
export const buyerListingSchema = z.discriminatedUnion('ndaCompleted', [
  listingCardSchema.extend({ ndaCompleted: z.literal(false) }).strict(),
  listingCardSchema
    .extend({
      ndaCompleted: z.literal(true),
      sellerName: z.string().nullable(),
      agent: partyRefSchema.nullable(),
      buyers: z.array(partyRefSchema),
      closedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .strict(),
]);
export type BuyerListing = z.infer<typeof buyerListingSchema>;
export const buyerListingsResponseSchema = z.object({ listings: z.array(buyerListingSchema) });
export type BuyerListingsResponse = z.infer<typeof buyerListingsResponseSchema>;
export const buyerListingResponseSchema = z.object({ listing: buyerListingSchema });
export type BuyerListingResponse = z.infer<typeof buyerListingResponseSchema>;

/**
 * GET /buyer/available-listings: the ACTIVE listings a buyer may choose (rejected ones left out), each as its public
 * card; `sellerName` only where the caller's NDA for it is completed.
 */
export const buyerAvailableListingSchema = z.discriminatedUnion('ndaCompleted', [
  listingCardSchema.extend({ ndaCompleted: z.literal(false) }).strict(),
  listingCardSchema.extend({ ndaCompleted: z.literal(true), sellerName: z.string().nullable() }).strict(),
]);
export type BuyerAvailableListing = z.infer<typeof buyerAvailableListingSchema>;
export const buyerAvailableListingsResponseSchema = z.object({ listings: z.array(buyerAvailableListingSchema) });
export type BuyerAvailableListingsResponse = z.infer<typeof buyerAvailableListingsResponseSchema>;

/** GET /seller/current-listing (a Listing), /buyer/current-listing (`CurrentListingResponse<BuyerListing>`). */
export interface CurrentListingResponse<L extends Listing | BuyerListing = Listing> {
  listing: L | null;
  needsSelection: boolean;
}

/**
 * POST /seller|buyer/select-listing → the selection (a buyer's: `SelectListingResponse<BuyerListing>`) and the
 * journey's progress (step 0 completed).
 */
export interface SelectListingResponse<L extends Listing | BuyerListing = Listing> {
  message: string;
  listing: L;
  progress: Progress;
}

export interface InterestedBuyer {
  id: string;
  name: string;
  email: string;
  status: BuyerPartyStatus;
  /** When the buyer became a party (NDA, broker form or own selection). */
  since: string;
}
/** GET /seller/listings/{id}/interested-buyers (every buyer party with status, rejected included). */
export interface InterestedBuyersResponse {
  buyers: InterestedBuyer[];
}
/** GET /seller/listing-buyers: the buyers of all the seller's listings. */
export interface ListingBuyersResponse {
  buyers: Array<InterestedBuyer & { listing: { id: string; title: string } }>;
}
/** POST /seller/listings/{id}/approve-buyer | reject-buyer. */
export interface BuyerDecisionResponse {
  message: string;
  buyer: InterestedBuyer;
}

export const LISTING_TEXT = {
  created: 'Listing created successfully',
  updated: 'Listing updated successfully',
  archived: 'Listing archived successfully',
  reactivated: 'Listing reactivated successfully',
  deleted: 'Listing deleted successfully',
  selected: 'Listing selected successfully',
  buyerApproved: 'Buyer approved',
  buyerRejected: 'Buyer rejected',
  /** A buyer's listing card before their NDA for it (deviation 6). */
  sellerAfterNda: 'Seller: shared after your NDA',
} as const;

// ---- internal (service to service) ----


/** GET /internal/listings/{id}/access?userId=&role= → may this user act on this listing (broker: always). */
export const listingAccessQuerySchema = z.object({
  userId: uuid(LISTING_MSG.invalidUserId),
  role: z.enum(['BROKER', 'AGENT', 'SELLER', 'BUYER'], { error: 'Invalid role' }),
});
export type ListingAccessQuery = z.infer<typeof listingAccessQuerySchema>;
export interface ListingAccessResponse {
  allowed: boolean;
  /** How the user relates to the listing; null when not allowed. */
  relation: 'broker' | 'agent' | 'seller' | 'buyer' | null;
}

// ---- durable event: a listing was deleted (outbox in listings → one BullMQ queue per consumer) ----

export const LISTING_DELETED = 'listing.deleted';
/** Consumer queues of listing.deleted (the publisher adds one job per queue, jobId = eventId). */
export const LISTING_EVENT_QUEUES = { checklists: 'checklists.listing-events', documents: 'documents.listing-events' } as const;
export const LISTING_DELETED_CONSUMERS: readonly string[] = [LISTING_EVENT_QUEUES.checklists, LISTING_EVENT_QUEUES.documents];
export const listingDeletedEventSchema = z.object({
  eventId: z.uuid(),
  listingId: z.uuid(),
  occurredAt: z.iso.datetime(),
});
export type ListingDeletedEvent = z.infer<typeof listingDeletedEventSchema>;
