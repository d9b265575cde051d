import { z } from 'zod';
import { CHECKLIST_CHANGED } from './checklists.js';
import type { ListingPartiesResponse } from './listing-access.js';

/*
 * Live events (issue 19 §2): every change another party's open screen shows reaches them through GET /api/events.
 * A service publishes a listing event on the listing's Redis channel (`listingEventsChannel`, after its change
 * committed) with `to`, who among the clients may see the object; checklists' relay turns it into a notice on the user
 * stream of each recipient (`listingEventRecipients`: staff, and the clients the access rule lets see the listing),
 * without `to`. Events carry ids only, never confidential content: the screens reload over HTTP, where the access rule
 * is applied again.
 */

/** Listing events, in one list (what the relay accepts and what the screens invalidate on). */
export const LISTING_EVENT_TYPES = [
  'listing.created',
  'listing.changed',
  'listing.assigned',
  'document.uploaded',
  'document.replaced',
  'document.deleted',
  'step.completed',
  'step.reopened',
  'nda.signed',
  'buyer.approved',
  'buyer.rejected',
  'offer.recorded',
  'dd.requested',
  'dd.file',
  'question.changed',
] as const;
export type ListingEventType = (typeof LISTING_EVENT_TYPES)[number];

/** Every type a user's stream carries: the listing events, the checklist tick, and messaging's own two. */
export const LIVE_EVENT_TYPES = [...LISTING_EVENT_TYPES, CHECKLIST_CHANGED, 'message.new', 'message.read'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Who changed a step: the client themself, staff, or the server's rules (an upload, a download, a form, the NDA). */
export const STEP_CHANGE_SOURCES = ['client', 'staff', 'rule'] as const;

/** A listing event as a user receives it: ids only. */
export const listingEventSchema = z.object({
  type: z.enum(LISTING_EVENT_TYPES),
  listingId: z.string(),
  /** The client the event is about: whose step, NDA, offer, approval, due-diligence request or own document. */
  userId: z.string().optional(),
  documentId: z.string().optional(),
  stepId: z.number().int().optional(),
  /** Whose journey a step event is of. */
  kind: z.enum(['SELLER', 'BUYER']).optional(),
  by: z.enum(STEP_CHANGE_SOURCES).optional(),
  at: z.string(),
});
export type ListingEvent = z.infer<typeof listingEventSchema>;

/**
 * Which clients of the listing may see the object (staff always do): 'all' (the seller and every buyer past the NDA),
 * 'seller', 'buyers' (past the NDA), 'none', or a list of ids and of 'seller' / 'buyers' (an id still only when the
 * access rule lets that user see the listing). `own`: the client whose own journey it is, told even before their NDA
 * (their own steps, NDA, approval). `also`: users who just lost the listing and must learn it (the agent replaced, the
 * buyer rejected).
 */
const CLIENT_GROUPS = ['all', 'seller', 'buyers', 'none'] as const;
export const listingEventAudienceSchema = z.object({
  clients: z.union([z.enum(CLIENT_GROUPS), z.array(z.string())]),
  own: z.string().optional(),
  also: z.array(z.string()).optional(),
});
export type ListingEventAudience = z.infer<typeof listingEventAudienceSchema>;

/** What a service publishes on the listing's channel: the event and its audience (the relay drops `to`). */
export const listingEventNoticeSchema = listingEventSchema.extend({ to: listingEventAudienceSchema });
export type ListingEventNotice = z.infer<typeof listingEventNoticeSchema>;

/** The parties as listings answers them, with the buyers past their NDA (`ndaBuyerIds`, one query). */
export type ListingEventParties = Pick<ListingPartiesResponse, 'sellerId' | 'agentId' | 'buyerIds'> & { ndaBuyerIds: string[] };

/**
 * The users a listing event goes to: the active brokers and the listing's agent; the clients `to` names among those
 * the access rule lets see the listing (the seller; a not-rejected buyer only past their NDA step, contracts
 * decideListingAccess); `to.own` when still a party; `to.also`. Never another listing's users: the caller passes that
 * listing's parties.
 */
export function listingEventRecipients(to: ListingEventAudience, parties: ListingEventParties, brokerIds: readonly string[]): string[] {
  const nda = parties.ndaBuyerIds.filter((id) => parties.buyerIds.includes(id));
  const seller = parties.sellerId ? [parties.sellerId] : [];
  const allowed = [...seller, ...nda];
  const group = (g: string): string[] | null =>
    g === 'all' ? allowed : g === 'seller' ? seller : g === 'buyers' ? nda : g === 'none' ? [] : null;
  const clients = typeof to.clients === 'string'
    ? (group(to.clients) ?? [])
    : to.clients.flatMap((c) => group(c) ?? (allowed.includes(c) ? [c] : []));
  const own = to.own && (to.own === parties.sellerId || parties.buyerIds.includes(to.own)) ? [to.own] : [];
  const users = [...brokerIds, parties.agentId, ...clients, ...own, ...(to.also ?? [])];
  return [...new Set(users.filter((id): id is string => !!id))];
}
