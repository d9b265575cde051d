import { z } from 'zod';

/**
 * The staff dashboard's "Needs attention" list (issue 19 §3): what a broker (or an agent, for the listings assigned to
 * them) should act on. Served by listings (`GET /broker|agent/needs-attention`), which asks documents for the uploads
 * and open due-diligence requests of the listings in scope and messaging for the clients' last messages; the remote
 * adds the caller's unread messages from `GET /messages/unread-count` (already live on the sidebar badge).
 */

/** A journey is idle after this many days without a completed step (or any other change of it) and without a message. */
export const IDLE_JOURNEY_DAYS = 14;
/** A client's upload is "new" for this many days (a window, not "since you last looked": nothing to store per viewer). */
export const NEW_UPLOAD_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
type When = Date | string | null | undefined;
const ms = (w: When): number => (w == null ? Number.NEGATIVE_INFINITY : new Date(w).getTime());

/**
 * The one definition of an idle journey (notifications reuse it): no completed step and no message for
 * IDLE_JOURNEY_DAYS. `lastChangeAt` is the journey's last change (its start, a completed or reopened step: a journey
 * started yesterday is not idle), `lastStepAt` its newest completed step, `lastMessageAt` the client's newest message.
 */
export function isIdleJourney(j: { lastChangeAt: When; lastStepAt?: When; lastMessageAt?: When }, now: Date = new Date()): boolean {
  const last = Math.max(ms(j.lastChangeAt), ms(j.lastStepAt), ms(j.lastMessageAt));
  return now.getTime() - last >= IDLE_JOURNEY_DAYS * DAY_MS;
}

/** The earliest time an upload counts as new at `now`. */
export const newUploadsSince = (now: Date = new Date()): Date => new Date(now.getTime() - NEW_UPLOAD_DAYS * DAY_MS);

export const NEEDS_ATTENTION_KINDS = ['nda-signed', 'client-upload', 'due-diligence-request', 'idle-journey'] as const;
export type NeedsAttentionKind = (typeof NEEDS_ATTENTION_KINDS)[number];

export const needsAttentionItemSchema = z.object({
  kind: z.enum(NEEDS_ATTENTION_KINDS),
  listingId: z.string(),
  listingTitle: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  /** Whose progress view is the place to act: /{area}/{clientKind}/{clientId}/{listingId}. */
  clientKind: z.enum(['sellers', 'buyers']),
  /** Uploads in the window / open requests; 1 for the other kinds. */
  count: z.number().int(),
  /** NDA signed, newest upload, oldest open request, last activity of an idle journey (null: none ever). */
  at: z.string().nullable(),
});
export type NeedsAttentionItem = z.infer<typeof needsAttentionItemSchema>;

export const needsAttentionResponseSchema = z.object({
  items: z.array(needsAttentionItemSchema),
  /** How many there are in all (items holds at most NEEDS_ATTENTION_MAX_ITEMS, most urgent kinds first). */
  total: z.number().int(),
});
export type NeedsAttentionResponse = z.infer<typeof needsAttentionResponseSchema>;
export const NEEDS_ATTENTION_MAX_ITEMS = 100;

/** documents: POST /internal/needs-attention (listings only) — client uploads since `since` and open requests. */
export const internalAttentionRequestSchema = z.object({
  listingIds: z.array(z.uuid().max(36)).max(5000),
  since: z.iso.datetime(),
});
export type InternalAttentionRequest = z.infer<typeof internalAttentionRequestSchema>;
export const internalAttentionResponseSchema = z.object({
  /** Per listing and uploading client (seller or buyer): uploads since `since`, newest time. */
  uploads: z.array(z.object({ listingId: z.string(), userId: z.string(), role: z.enum(['SELLER', 'BUYER']), count: z.number().int(), lastAt: z.string() })),
  /** Per listing and buyer: requested due-diligence documents with no file the buyer may see yet, oldest request time. */
  dueDiligence: z.array(z.object({ listingId: z.string(), buyerId: z.string(), open: z.number().int(), oldestAt: z.string() })),
});
export type InternalAttentionResponse = z.infer<typeof internalAttentionResponseSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Texts of the list (the remote; the spec has none for it). */
export const NEEDS_ATTENTION_TEXT = {
  title: 'Needs attention',
  empty: 'Nothing needs your attention right now.',
  loadFailed: 'Failed to load what needs attention. Please try again later.',
  more: (shown: number, total: number) => `Showing the first ${shown} of ${total}.`,
  showAll: (n: number) => `Show all ${n}`,
  showFewer: 'Show fewer',
  label: {
    'nda-signed': 'NDA signed',
    'client-upload': 'New upload',
    'due-diligence-request': 'Due diligence',
    'idle-journey': 'Idle',
    unread: 'Messages',
  } satisfies Record<NeedsAttentionKind | 'unread', string>,
  item: (i: Pick<NeedsAttentionItem, 'kind' | 'clientName' | 'listingTitle' | 'count'>): string => {
    const who = i.clientName || (i.kind === 'client-upload' ? 'A client' : 'A buyer');
    switch (i.kind) {
      case 'nda-signed':
        return `${who} signed the NDA for ${i.listingTitle}: awaiting approval`;
      case 'client-upload':
        return `${who} uploaded ${plural(i.count, 'file', 'files')} to ${i.listingTitle}`;
      case 'due-diligence-request':
        return `${who} is waiting for ${plural(i.count, 'due-diligence document', 'due-diligence documents')} on ${i.listingTitle}`;
      case 'idle-journey':
        return `${i.clientName || 'A client'} on ${i.listingTitle}: no completed step or message for ${IDLE_JOURNEY_DAYS} days`;
    }
  },
  unread: (n: number) => `You have ${plural(n, 'unread message', 'unread messages')}`,
} as const;
