import type { JourneyArea } from './journey.js';

/*
 * The TanStack Query keys of every remote and of the portal widgets, in one place: each feature's `xxxQuery(args)`
 * factory (queryOptions beside its fetcher) builds its key here, and the live-events table (live-events.tsx) names the
 * same builders, so an event reaches exactly the queries the screens read. A key is a prefix of every longer one:
 * invalidating `portalKeys.all('seller')` reloads every seller query.
 */

export type StaffKeyArea = 'broker' | 'agent';

/** The seller's and buyer's own data (`['portal', area, …]`); what a journey change may unlock is all under it. */
export const portalKeys = {
  all: (area: JourneyArea) => ['portal', area] as const,
  progress: (area: JourneyArea) => ['portal', area, 'progress'] as const,
  currentListing: (area: JourneyArea) => ['portal', area, 'current-listing'] as const,
  /** A client form's saved row (never reloaded by a live event: `form`). */
  form: (area: JourneyArea, resource: string) => ['portal', area, 'form', resource] as const,
  dashboard: (area: JourneyArea) => ['portal', area, 'dashboard'] as const,
  listings: (area: JourneyArea) => ['portal', area, 'listings'] as const,
  availableListings: () => ['portal', 'buyer', 'available-listings'] as const,
  /** A step's own uploads; without stepId every step's. */
  stepUploads: (area: JourneyArea, stepId?: number) => (stepId === undefined ? (['portal', area, 'step-uploads'] as const) : (['portal', area, 'step-uploads', stepId] as const)),
  closingDocuments: (area: JourneyArea) => ['portal', area, 'closing-documents'] as const,
  cbrCim: () => ['portal', 'buyer', 'cbr-cim'] as const,
  purchaseContract: () => ['portal', 'buyer', 'purchase-contract'] as const,
  listingAgreement: () => ['portal', 'seller', 'listing-agreement'] as const,
  purchaseAgreement: () => ['portal', 'seller', 'purchase-agreement'] as const,
  /** The seller's due-diligence view; its open requests per listing live under it. */
  sellerDueDiligence: () => ['portal', 'seller', 'due-diligence'] as const,
  sellerDueDiligenceRequests: (listingId?: string) =>
    listingId === undefined ? (['portal', 'seller', 'due-diligence', 'requests'] as const) : (['portal', 'seller', 'due-diligence', 'requests', listingId] as const),
  buyerActivity: (listingId: string) => ['portal', 'seller', 'buyer-activity', listingId] as const,
  /** GET /buyer/engagement: what the viewer recorded about the buyer (issue 23 §3 transparency). */
  myEngagement: () => ['portal', 'buyer', 'engagement'] as const,
  sellerBuyers: () => ['portal', 'seller', 'buyers'] as const,
};

/** Broker and agent screens (`['staff', area, …]`; `staffKeys.all` reloads every one after a staff write). */
export const staffKeys = {
  all: () => ['staff'] as const,
  listings: (area: StaffKeyArea) => ['staff', area, 'listings'] as const,
  listing: (area: StaffKeyArea, id: string) => ['staff', area, 'listing', id] as const,
  dashboard: (area: StaffKeyArea) => ['staff', area, 'dashboard'] as const,
  needsAttention: (area: StaffKeyArea) => ['staff', area, 'needs-attention'] as const,
  people: (area: StaffKeyArea, kind: 'sellers' | 'buyers') => ['staff', area, kind] as const,
  peopleByRole: (role: string) => ['staff', 'by-role', role] as const,
  agentsWithStats: () => ['staff', 'broker', 'agents-with-stats'] as const,
  admin: (what: 'users' | 'stats') => ['staff', 'broker', 'admin', what] as const,
  /** Every staff document list (listing rows, buyer rows, seller documents, download audits). */
  documents: () => ['staff-documents'] as const,
  /** One client's progress view on one listing; without userId/listingId every one of that kind. */
  progress: (area: StaffKeyArea, kind: 'sellers' | 'buyers', userId: string, listingId: string) => ['staff-progress', area, kind, userId, listingId] as const,
  offers: (area: StaffKeyArea, buyerId: string, listingId: string) => ['staff-offers', area, buyerId, listingId] as const,
};

/** The shared due-diligence table (buyer and staff views of one listing). */
export const dueDiligenceKeys = {
  all: ['due-diligence'] as const,
  listing: (listingId: string) => ['due-diligence', listingId] as const,
  table: (listingId: string, mode: string, buyerId?: string) => ['due-diligence', listingId, mode, buyerId ?? 'self'] as const,
};

/** Due-diligence Q&A of one listing (issue 24 §3): the buyer's, the seller's and staff's views. */
export const questionKeys = {
  listing: (listingId: string) => ['questions', listingId] as const,
  view: (listingId: string, area: string) => ['questions', listingId, area] as const,
};

export const checklistKeys = {
  /** Every cached view of one listing's checklist (any prefix). */
  all: (listingId: string) => ['checklist', listingId.toLowerCase()] as const,
  listing: (listingId: string, prefix: string) => ['checklist', listingId.toLowerCase(), prefix] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  box: (box: 'inbox' | 'sent') => ['messages', box] as const,
  contacts: ['messages', 'contacts'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};

/** The signed-in user's own settings (every portal's Settings screen). */
export const settingsKeys = {
  notifications: () => ['settings', 'notifications'] as const,
};

/** Server-side drafts of the long forms (never reloaded by a live event: `drafts`). */
export const draftKeys = {
  one: (key: string | null) => ['drafts', key] as const,
};
