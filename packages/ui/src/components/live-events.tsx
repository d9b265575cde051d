import { useCallback, useContext } from 'react';
import { QueryClientContext, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { queryClient as sharedClient } from '@brokerage/api-client';
import type { ListingEvent, LiveEventType } from '@brokerage/contracts/live-events';
import type { LiveEvent } from '@brokerage/contracts/messaging';
import { useLiveEvents } from './live-messages.js';
import { checklistKeys, dueDiligenceKeys, messageKeys, portalKeys, questionKeys, staffKeys, type StaffKeyArea } from './query-keys.js';

/*
 * Live updates (issue 19 §2): each event of the user's GET /api/events stream (contracts live-events: ids only, only
 * about what the user may see) refreshes the queries it touches, and nothing else. One table for every remote: the
 * portal frame (AreaFrame, used by the seller, buyer and staff areas) mounts useLiveUpdates once.
 */

/** An event as the table reads it: the listing events' ids, the checklist tick's listingId, messaging's own. */
export type LiveNotice = { type: string } & Partial<Pick<ListingEvent, 'listingId' | 'userId' | 'documentId' | 'stepId' | 'kind'>>;

const CLIENT_AREAS = ['seller', 'buyer'] as const;
const STAFF_AREAS = ['broker', 'agent'] as const;
const bothPortals = (key: (a: (typeof CLIENT_AREAS)[number]) => QueryKey): QueryKey[] => CLIENT_AREAS.map(key);
const bothStaff = (key: (a: StaffKeyArea) => QueryKey): QueryKey[] => STAFF_AREAS.map(key);
const listingId = (e: LiveNotice) => e.listingId ?? '';

/** The listing lists and counts every area shows (staff lists and dashboards, the clients' listings and homes). */
const listingLists = (e: LiveNotice): QueryKey[] => [
  ...bothStaff(staffKeys.listings),
  ...bothStaff((a) => staffKeys.listing(a, listingId(e))),
  ...bothStaff(staffKeys.dashboard),
  ...bothPortals(portalKeys.listings),
  ...bothPortals(portalKeys.currentListing),
  ...bothPortals(portalKeys.dashboard),
  portalKeys.availableListings(),
];

/** Every file list a document can appear in: staff rows, the clients' step screens, due diligence. */
const documentLists = (e: LiveNotice): QueryKey[] => [
  staffKeys.documents(),
  ...bothStaff(staffKeys.dashboard),
  ...bothPortals((a) => portalKeys.stepUploads(a)),
  ...bothPortals(portalKeys.closingDocuments),
  portalKeys.cbrCim(),
  portalKeys.purchaseContract(),
  portalKeys.listingAgreement(),
  portalKeys.purchaseAgreement(),
  portalKeys.sellerDueDiligence(),
  portalKeys.buyerActivity(listingId(e)),
  dueDiligenceKeys.listing(listingId(e)),
];

/**
 * A client's own journey moved: every screen of their area may unlock or lock (drafts excepted, see below); staff
 * progress views of that client; the seller's Buyer Activity (a buyer's steps) and the staff dashboards.
 */
const journey = (e: LiveNotice): QueryKey[] => [
  portalKeys.all(e.kind === 'SELLER' ? 'seller' : 'buyer'),
  portalKeys.buyerActivity(listingId(e)),
  ...bothStaff((a) => staffKeys.progress(a, e.kind === 'SELLER' ? 'sellers' : 'buyers', e.userId ?? '', listingId(e))),
  ...bothStaff(staffKeys.dashboard),
  ...bothStaff((a) => staffKeys.listing(a, listingId(e))),
  dueDiligenceKeys.listing(listingId(e)),
];

/** A seller's decision on a buyer: the buyer's whole area, the seller's buyer lists, every listing list. */
const buyerDecision = (e: LiveNotice): QueryKey[] => [portalKeys.all('buyer'), portalKeys.buyerActivity(listingId(e)), portalKeys.sellerBuyers(), ...listingLists(e)];

/** Which queries each event type touches (prefixes: a key matches every query it begins). */
export const LIVE_INVALIDATIONS: Record<LiveEventType, (e: LiveNotice) => QueryKey[]> = {
  'listing.created': listingLists,
  'listing.changed': listingLists,
  'listing.assigned': (e) => [...listingLists(e), staffKeys.agentsWithStats()],
  'document.uploaded': documentLists,
  'document.replaced': documentLists,
  'document.deleted': documentLists,
  'step.completed': journey,
  'step.reopened': journey,
  'nda.signed': (e) => [...journey({ ...e, kind: 'BUYER' }), ...listingLists(e)],
  'buyer.approved': buyerDecision,
  'buyer.rejected': buyerDecision,
  'offer.recorded': (e) => [
    ...bothStaff((a) => staffKeys.offers(a, e.userId ?? '', listingId(e))),
    ...bothStaff(staffKeys.dashboard),
    portalKeys.buyerActivity(listingId(e)),
    portalKeys.dashboard('seller'),
  ],
  'dd.requested': (e) => [dueDiligenceKeys.listing(listingId(e)), portalKeys.sellerDueDiligence(), ...bothStaff(staffKeys.dashboard)],
  'dd.file': documentLists,
  'question.changed': (e) => [questionKeys.listing(listingId(e))],
  'checklist.changed': (e) => [checklistKeys.all(listingId(e))],
  'message.new': () => [messageKeys.all],
  'message.read': () => [messageKeys.all],
};

/** The query keys an event refreshes ([] for a type this build does not know). */
export function liveInvalidationKeys(e: LiveNotice): QueryKey[] {
  const keys = (LIVE_INVALIDATIONS as Record<string, ((e: LiveNotice) => QueryKey[]) | undefined>)[e.type];
  return keys ? keys(e) : [];
}

/** A form being filled in (server drafts: `[…, 'form', …]`, `[…, 'draft', …]`) is never reloaded under the user's hands. */
const notADraft = (q: Query) => !q.queryKey.some((part) => part === 'form' || part === 'draft' || part === 'drafts');

/**
 * Refreshes what each live event of the signed-in user touches (LIVE_INVALIDATIONS), while mounted. Mounted by the
 * portal frame; safe to mount more than once (one refresh per event and tab).
 */
export function useLiveUpdates() {
  const client = useContext(QueryClientContext) ?? sharedClient;
  useLiveEvents(
    useCallback(
      (e: LiveEvent) => {
        const notice = e as unknown as LiveNotice;
        if (!claim(notice)) return;
        for (const queryKey of liveInvalidationKeys(notice)) void client.invalidateQueries({ queryKey, predicate: notADraft });
      },
      [client],
    ),
    // An event sent after a screen read its data but before this tab's stream was connected reaches no one: once
    // connected, what was read before is read again (not a draft). A read still in flight may have been answered
    // before such an event too: it is read again once it lands.
    useCallback((connection: object) => {
      if (!claim(connection)) return;
      const connectedAt = Date.now();
      const inFlight = (q: Query) => q.state.fetchStatus === 'fetching';
      rereadWhenLanded(client, client.getQueryCache().findAll({ predicate: (q) => notADraft(q) && inFlight(q) }));
      void client.invalidateQueries({ predicate: (q) => notADraft(q) && !inFlight(q) && q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt <= connectedAt });
    }, [client]),
  );
}

/** Invalidates each of these queries once its fetch in flight has settled (its answer may predate a missed event). */
function rereadWhenLanded(client: QueryClient, queries: Query[]): void {
  if (!queries.length) return;
  const waiting = new Set(queries.map((q) => q.queryHash));
  const stop = client.getQueryCache().subscribe((event) => {
    const q = event.query;
    if (!waiting.has(q.queryHash) || q.state.fetchStatus === 'fetching') return;
    waiting.delete(q.queryHash);
    if (!waiting.size) stop();
    void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
  });
}

/** One refresh per event (or connection) however many frames listen: the first listener claims it. */
const seen = new WeakSet<object>();
function claim(e: object): boolean {
  if (seen.has(e)) return false;
  seen.add(e);
  return true;
}
