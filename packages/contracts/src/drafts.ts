import { z } from 'zod';

/**
 * Server-side drafts of the long forms (issue 19 §3): the staff listing form and a message being composed, kept per
 * user and form key by identity (`identity.drafts`), never in the browser's storage (it lingers on shared computers).
 * The questionnaire, online NDA and financial statement keep theirs as their own saved form (listings client_forms).
 */
export const DRAFT_MAX_BYTES = 64 * 1024;

export const DRAFT_MSG = {
  notFound: 'Draft not found',
  badKey: 'Unknown draft: use listing:new, listing:<listing id>, message:new or message:reply:<message id>',
  dataRequired: 'Draft data must be an object of the form\'s fields',
  tooLarge: `This draft is too large to keep (at most ${DRAFT_MAX_BYTES / 1024} KB); shorten it or submit the form`,
  discarded: 'Draft discarded',
} as const;

/** The UI's texts of a draft (one behaviour for every long form: FormDraftActions, DraftStatus). */
export const DRAFT_TEXT = {
  saving: 'Saving draft…',
  saved: 'Draft saved',
  failed: 'Draft not saved: your changes are kept on this page',
  restored: 'Draft restored',
  discard: 'Discard draft',
  unfinishedListing: 'An unfinished new listing is kept as a draft.',
  continueDraft: 'Continue draft',
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** listing:new, listing:<listing id>, message:new, message:reply:<message id>. */
export const DRAFT_KEY_PATTERN = new RegExp(`^(listing:(new|${UUID})|message:(new|reply:${UUID}))$`);
export type DraftKey = 'listing:new' | `listing:${string}` | 'message:new' | `message:reply:${string}`;
export const draftKeys = {
  newListing: 'listing:new',
  listing: (listingId: string): DraftKey => `listing:${listingId}`,
  newMessage: 'message:new',
  reply: (messageId: string): DraftKey => `message:reply:${messageId}`,
} as const;

export const draftKeyParamsSchema = z.object({
  key: z.string({ error: DRAFT_MSG.badKey }).max(100, DRAFT_MSG.badKey).regex(DRAFT_KEY_PATTERN, DRAFT_MSG.badKey),
});
export const draftBodySchema = z.object({
  data: z.record(z.string(), z.unknown(), { error: DRAFT_MSG.dataRequired }),
});
export type DraftBody = z.infer<typeof draftBodySchema>;
export const draftSchema = z.object({
  key: z.string(),
  data: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;
export const draftDiscardedSchema = z.object({ message: z.string() });
