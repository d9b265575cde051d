import { z } from 'zod';

/** GET /{role}/listings/{listingId}/pre-close-checklist (and the other routes with a listing id). */
export const checklistListingParamsSchema = z.object({
  listingId: z.string({ error: 'Invalid listing id' }).max(36, 'Invalid listing id').pipe(z.uuid('Invalid listing id')),
});
export type ChecklistListingParams = z.infer<typeof checklistListingParamsSchema>;

export const CHECKLIST_RESPONSIBLES = ['buyer', 'seller', 'broker'] as const;
export type ChecklistResponsible = (typeof CHECKLIST_RESPONSIBLES)[number];

/** Spec part 2 §3: checklist item and category. completedBy is the name of whoever ticked it (null when not ticked). */
export const checklistItemSchema = z.object({
  id: z.string(),
  task: z.string(),
  completed: z.boolean(),
  responsible: z.enum(CHECKLIST_RESPONSIBLES),
  required: z.boolean(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export const checklistCategorySchema = z.object({ id: z.string(), title: z.string(), items: z.array(checklistItemSchema) });
export type ChecklistCategory = z.infer<typeof checklistCategorySchema>;
export const checklistEditorSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type ChecklistEditor = z.infer<typeof checklistEditorSchema>;

/**
 * The answer of every checklist GET/PUT. The server always answers the listing's checklist (made from the content
 * below on first use); `checklist` stays nullable because the client shows the built-in default for null (part 2 §7).
 */
export const checklistResponseSchema = z.object({
  checklist: z.array(checklistCategorySchema).nullable(),
  lastUpdatedBy: checklistEditorSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type ChecklistResponse = z.infer<typeof checklistResponseSchema>;

export const CHECKLIST_MSG = {
  itemNotFound: 'Checklist item not found',
  listingNotFound: 'Listing not found',
  noListingSelected: 'No listing selected',
  invalidCategory: 'Invalid category id',
  invalidItem: 'Invalid item id',
  invalidRole: 'Invalid user role',
  /** Widget alert (spec part 2 §8, part 3 §8). */
  updateFailed: 'Failed to update checklist item. Please try again.',
} as const;

/** PUT {role}/listings/{listingId}/pre-close-checklist/item and the legacy PUTs: flip one item. userRole is the
 *  client's view (any case); the server records the caller's real role from the identity, never this field. */
export const checklistItemBodySchema = z.object({
  categoryId: z.string({ error: CHECKLIST_MSG.invalidCategory }).min(1, CHECKLIST_MSG.invalidCategory).max(8, CHECKLIST_MSG.invalidCategory),
  itemId: z.string({ error: CHECKLIST_MSG.invalidItem }).min(1, CHECKLIST_MSG.invalidItem).max(16, CHECKLIST_MSG.invalidItem),
  userRole: z
    .string({ error: CHECKLIST_MSG.invalidRole })
    .max(16, CHECKLIST_MSG.invalidRole)
    .refine((r) => ['broker', 'agent', 'seller', 'buyer'].includes(r.toLowerCase()), CHECKLIST_MSG.invalidRole),
});
export type ChecklistItemBody = z.infer<typeof checklistItemBodySchema>;

/** GET /broker|agent/listings/{listingId}/pre-close-checklist/history: every flip, oldest first. */
export const checklistHistoryEntrySchema = z.object({
  categoryId: z.string(),
  itemId: z.string(),
  task: z.string(),
  completed: z.boolean(),
  by: checklistEditorSchema,
  at: z.string(),
});
export const checklistHistoryResponseSchema = z.object({ history: z.array(checklistHistoryEntrySchema) });
export type ChecklistHistoryResponse = z.infer<typeof checklistHistoryResponseSchema>;

/** Redis pub/sub channel of one listing's live events (the live channel of messaging relays it to the parties). */
export const listingEventsChannel = (listingId: string) => `events:listing:${listingId}`;
export const CHECKLIST_CHANGED = 'checklist.changed';
export const checklistChangedEventSchema = z.object({
  type: z.literal(CHECKLIST_CHANGED),
  listingId: z.string(),
  categoryId: z.string(),
  itemId: z.string(),
  completed: z.boolean(),
  by: checklistEditorSchema,
  at: z.string(),
});
export type ChecklistChangedEvent = z.infer<typeof checklistChangedEventSchema>;

// ---- content (spec part 2 §3 "Checklist content"): the server's first version of every checklist and the widget's
//      built-in default. Categories always in this order.

type Spec = readonly [task: string, responsible: ChecklistResponsible, required: boolean];
const B = 'buyer', S = 'seller', K = 'broker';
const CONTENT: ReadonlyArray<{ id: string; title: string; items: readonly Spec[] }> = [
  {
    id: 'A',
    title: 'Letter Of Intent',
    items: [
      ['Buyer makes an offer (Letter Of Intent)', B, true],
      ['Seller counter offer', S, false],
      ['Negotiate mutual agreement', S, false],
      ['Buyer provides earnest money', B, true],
      ['Broker deposits earnest money', K, true],
    ],
  },
  {
    id: 'B',
    title: 'Asset Purchase Agreement',
    items: [
      ['Buyer offer (Asset Purchase Agreement)', B, true],
      ['Buyer attorney review', B, true],
      ['Buyer accountant review', B, true],
      ['Seller counter offer', S, false],
      ['Seller attorney review', S, false],
      ['Seller accountant review', S, false],
      ['Negotiate and execute mutual agreement (buyer)', B, true],
      ['Negotiate and execute mutual agreement (seller)', S, true],
    ],
  },
  {
    id: 'C',
    title: 'Exhibits',
    items: [
      ['Asset list of furniture, fixtures and equipment', K, true],
      ["Seller's financial information", S, true],
      ["Buyer's financial information", B, true],
      ['Contract rights', S, true],
      ['Other', K, false],
      ['Other', K, false],
      ['Other', K, false],
    ],
  },
  {
    id: 'D',
    title: 'Asset Purchase Agreement Contingencies',
    items: [
      ['Contact the landlord and meet (buyer)', B, true],
      ['Contact the landlord and arrange the meeting (seller)', S, true],
      ['Review the lease documents', B, true],
      ['Provide the lease documents', S, true],
      ['Lease assignment or new lease (buyer)', B, true],
      ['Lease assignment or new lease (seller)', S, true],
      ['Security deposits (buyer)', B, false],
      ['Security deposits (seller)', S, false],
      ['Rent proration (buyer)', B, true],
      ['Rent proration (seller)', S, true],
      ['Walk-through of the business (buyer)', B, true],
      ['Walk-through of the business (seller)', S, true],
      ['Conditional lease assignment', K, false],
      ['Guaranty of lease', B, true],
      ['Right of inspection', B, true],
      ['Due diligence list (buyer)', B, true],
      ['Due diligence list (seller)', S, true],
      ['Action plan', B, true],
      ['Inspection of the financials', B, true],
      ['Inspection of the premises', B, true],
    ],
  },
];

/** A fresh checklist (nothing ticked); item ids are the category letter and the position (A1 … D20). */
export function defaultChecklist(): ChecklistCategory[] {
  return CONTENT.map((c) => ({
    id: c.id,
    title: c.title,
    items: c.items.map(([task, responsible, required], i) => ({
      id: `${c.id}${i + 1}`,
      task,
      completed: false,
      responsible,
      required,
      completedBy: null,
      completedAt: null,
    })),
  }));
}
