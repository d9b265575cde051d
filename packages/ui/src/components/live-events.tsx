import { useCallback, useContext } from 'react';
import { QueryClientContext, type Query, type QueryKey } from '@tanstack/react-query';
import { queryClient as sharedClient } from '@brokerage/api-client';
import type { ListingEvent, LiveEventType } from '@brokerage/contracts/live-events';
import type { LiveEvent } from '@brokerage/contracts/messaging';
import { useLiveEvents } from './live-messages.js';

/*
 * Live updates (issue 19 §2): each event of the user's GET /api/events stream (contracts live-events: ids only, only
 * about what the user may see) refreshes the queries it touches, and nothing else. One table for every remote: the
 * portal frame (AreaFrame, used by the seller, buyer and staff areas) mounts useLiveUpdates once.
 */

/** An event as the table reads it: the listing events' ids, the checklist tick's listingId, messaging's own. */
export type LiveNotice = { type: string } & Partial<Pick<ListingEvent, 'listingId' | 'userId' | 'documentId' | 'stepId' | 'kind'>>;

const CLIENT_AREAS = ['seller', 'buyer'] as const;
const STAFF_AREAS = ['broker', 'agent'] as const;
const portal = (...rest: string[]): QueryKey[] => CLIENT_AREAS.map((a) => ['portal', a, ...rest]);
const staff = (...rest: string[]): QueryKey[] => STAFF_AREAS.map((a) => ['staff', a, ...rest]);
const listingId = (e: LiveNotice) => e.listingId ?? '';

/** The listing lists and counts every area shows (staff lists and dashboards, the clients' listings and homes). */
const listingLists = (e: LiveNotice): QueryKey[] => [
  ...staff('listings'),
  ...staff('listing', listingId(e)),
  ...staff('dashboard'),
  ...portal('listings'),
  ...portal('current-listing'),
  ...portal('dashboard'),
  ['portal', 'buyer', 'available-listings'],
];

/** Every file list a document can appear in: staff rows, the clients' step screens, due diligence. */
const documentLists = (e: LiveNotice): QueryKey[] => [
  ['staff-documents'],
  ...staff('dashboard'),
  ...portal('step-uploads'),
  ...portal('closing-documents'),
  ['portal', 'buyer', 'cbr-cim'],
  ['portal', 'buyer', 'purchase-contract'],
  ['portal', 'seller', 'listing-agreement'],
  ['portal', 'seller', 'purchase-agreement'],
  ['portal', 'seller', 'due-diligence'],
  ['portal', 'seller', 'buyer-activity', listingId(e)],
  ['due-diligence', listingId(e)],
];

/**
 * A client's own journey moved: every screen of their area may unlock or lock (drafts excepted, see below); staff
 * progress views of that client; the seller's Buyer Activity (a buyer's steps) and the staff dashboards.
 */
const journey = (e: LiveNotice): QueryKey[] => [
  ['portal', e.kind === 'SELLER' ? 'seller' : 'buyer'],
  ['portal', 'seller', 'buyer-activity', listingId(e)],
  ...STAFF_AREAS.map((a) => ['staff-progress', a, e.kind === 'SELLER' ? 'sellers' : 'buyers', e.userId ?? '', listingId(e)]),
  ...staff('dashboard'),
  ...staff('listing', listingId(e)),
  ['due-diligence', listingId(e)],
];

/** Which queries each event type touches (prefixes: a key matches every query it begins). */
export const LIVE_INVALIDATIONS: Record<LiveEventType, (e: LiveNotice) => QueryKey[]> = {
  'listing.created': listingLists,
  'listing.changed': listingLists,
  'listing.assigned': (e) => [...listingLists(e), ['staff', 'broker', 'agents-with-stats']],
  'document.uploaded': documentLists,
  'document.replaced': documentLists,
  'document.deleted': documentLists,
  'step.completed': journey,
  'step.reopened': journey,
  'nda.signed': (e) => [...journey({ ...e, kind: 'BUYER' }), ...listingLists(e)],
  'buyer.approved': (e) => [['portal', 'buyer'], ['portal', 'seller', 'buyer-activity', listingId(e)], ['portal', 'seller', 'buyers'], ...listingLists(e)],
  'buyer.rejected': (e) => [['portal', 'buyer'], ['portal', 'seller', 'buyer-activity', listingId(e)], ['portal', 'seller', 'buyers'], ...listingLists(e)],
  'offer.recorded': (e) => [
    ...STAFF_AREAS.map((a) => ['staff-offers', a, e.userId ?? '', listingId(e)]),
    ...staff('dashboard'),
    ['portal', 'seller', 'buyer-activity', listingId(e)],
    ['portal', 'seller', 'dashboard'],
  ],
  'dd.requested': (e) => [['due-diligence', listingId(e)], ['portal', 'seller', 'due-diligence'], ...staff('dashboard')],
  'dd.file': documentLists,
  'checklist.changed': (e) => [['checklist', listingId(e).toLowerCase()]],
  'message.new': () => [['messages']],
  'message.read': () => [['messages']],
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
    // connected, what was read before is read again (not what is still loading, nor a draft).
    useCallback((connection: object) => {
      if (!claim(connection)) return;
      const connectedAt = Date.now();
      void client.invalidateQueries({ predicate: (q) => notADraft(q) && q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < connectedAt });
    }, [client]),
  );
}

/** One refresh per event (or connection) however many frames listen: the first listener claims it. */
const seen = new WeakSet<object>();
function claim(e: object): boolean {
  if (seen.has(e)) return false;
  seen.add(e);
  return true;
}
