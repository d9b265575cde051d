import { z } from 'zod';

/**
 * The 11-step journeys (spec part 2 §1, §4). Ids 0..10 in data, shown as 1..11 on screen. The one source of the step
 * titles and paths: the service (progress titles), the remotes (sidebar) and the staff progress views read these.
 */
export const TOTAL_STEPS = 11;
export const JOURNEY_KINDS = ['SELLER', 'BUYER'] as const;
export type JourneyKind = (typeof JOURNEY_KINDS)[number];

export interface JourneyStepDef {
  id: number;
  title: string;
  /** The portal route of the step screen. */
  path: string;
}

export const SELLER_STEPS: readonly JourneyStepDef[] = [
  { id: 0, title: 'Home', path: '/seller' },
  { id: 1, title: 'Messages', path: '/seller/messages' },
  { id: 2, title: 'Listing Agreement', path: '/seller/listing-agreement' },
  { id: 3, title: 'Questionnaire', path: '/seller/questionnaire' },
  { id: 4, title: 'Financials', path: '/seller/financials' },
  { id: 5, title: 'Buyer Activity', path: '/seller/buyer-activity' },
  { id: 6, title: 'Purchase Agreement', path: '/seller/purchase-agreement' },
  { id: 7, title: 'Due Diligence', path: '/seller/due-diligence' },
  { id: 8, title: 'Pre Close Checklist', path: '/seller/pre-close-checklist' },
  { id: 9, title: 'Closing Docs', path: '/seller/closing-docs' },
  { id: 10, title: 'After The Sale', path: '/seller/after-sale' },
];

export const BUYER_STEPS: readonly JourneyStepDef[] = [
  { id: 0, title: 'Select Listing', path: '/buyer' },
  { id: 1, title: 'Messages', path: '/buyer/messages' },
  { id: 2, title: 'Non Disclosure', path: '/buyer/non-disclosure' },
  { id: 3, title: 'Financial Statement', path: '/buyer/financial-statement' },
  { id: 4, title: 'CBR/CIM', path: '/buyer/cbr-cim' },
  { id: 5, title: 'Upload Docs', path: '/buyer/upload-docs' },
  { id: 6, title: 'Purchase Contract', path: '/buyer/purchase-contract' },
  { id: 7, title: 'Due Diligence', path: '/buyer/due-diligence' },
  { id: 8, title: 'Pre Close Checklist', path: '/buyer/pre-close-checklist' },
  { id: 9, title: 'Closing Docs', path: '/buyer/closing-docs' },
  { id: 10, title: 'After The Sale', path: '/buyer/after-sale' },
];

export const JOURNEY_STEPS: Record<JourneyKind, readonly JourneyStepDef[]> = { SELLER: SELLER_STEPS, BUYER: BUYER_STEPS };

/**
 * The client's step changes (ARCHITECTURE "Access policy"): a write to a step not yet accessible (id > currentStep) →
 * 409 "Complete previous steps to unlock", nothing changed. Every step but these completes only through its work (the
 * selection, a message, the NDA or financial statement submit, the questionnaire, a signed upload, a download…):
 * `update-step {completed: true}` on such a step answers 409 `notManual` while the work is not done, and changes
 * nothing (200 `alreadyCompleted`) once it is.
 *
 * Steps the client completes by hand (POST …/mark-step-completed or …/update-step), spec part 2 §4:
 * seller 5 Buyer Activity (Mark Complete / auto on load), 8 Pre Close Checklist (toggle), 9 Closing Docs (download),
 * 10 After The Sale (Complete Journey); buyer 8 Pre Close Checklist (Mark as Complete), 9 Closing Docs (download).
 * Any other step from the client → 409. Accepted only when the step is accessible (id ≤ currentStep).
 */
export const MANUAL_STEPS: Record<JourneyKind, readonly number[]> = { SELLER: [5, 8, 9, 10], BUYER: [8, 9] };
/** Steps the client may mark incomplete again (POST …/mark-step-incomplete): the seller's pre-close toggle. */
export const TOGGLE_STEPS: Record<JourneyKind, readonly number[]> = { SELLER: [8], BUYER: [] };
/**
 * Steps completed by another service's event (POST /internal/journeys/events): messages, signed uploads, forms,
 * first uploads, downloads (spec part 2 §4). Step 0 is completed by selecting the listing.
 */
export const EVENT_STEPS: Record<JourneyKind, readonly number[]> = {
  SELLER: [1, 2, 3, 4, 6, 7, 9],
  BUYER: [1, 2, 3, 4, 5, 6, 7, 9],
};

export const JOURNEY_MSG = {
  invalidStep: 'stepId must be a whole number from 0 to 10',
  notManual: 'This step is completed automatically and cannot be marked by hand',
  notToggle: 'This step cannot be marked incomplete',
  notAccessible: 'Complete previous steps to unlock',
  noSelection: 'No listing selected',
  alreadyCompleted: 'Step is already completed.',
  notEventStep: 'This step is not completed by events',
  completed: 'Step marked as completed',
  reopened: 'Step marked as incomplete',
  /** Staff complete / reopen of a client's step: the broker's alone (agents keep the read-only views, spec part 3 §1). */
  onlyBroker: "Only the broker can change a client's steps",
} as const;

export const stepIdSchema = z.coerce
  .number({ error: JOURNEY_MSG.invalidStep })
  .int(JOURNEY_MSG.invalidStep)
  .min(0, JOURNEY_MSG.invalidStep)
  .max(TOTAL_STEPS - 1, JOURNEY_MSG.invalidStep);

/** POST /seller|buyer/mark-step-completed and /mark-step-incomplete. */
export const stepIdBodySchema = z.object({ stepId: stepIdSchema });
export type StepIdBody = z.infer<typeof stepIdBodySchema>;

/**
 * POST /seller|buyer/update-step: {stepId, completed?}. `completed` defaults to true (the spec's "completion flag");
 * false is the same as mark-step-incomplete. The step rules are those of mark-step-completed.
 */
export const updateStepSchema = z.object({ stepId: stepIdSchema, completed: z.boolean().optional().default(true) });
export type UpdateStepRequest = z.input<typeof updateStepSchema>;

// ---- responses ----

export const journeyStepSchema = z.object({
  id: z.number(),
  title: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** Id of the user (client or staff) whose action completed it, null when not completed. */
  completedBy: z.string().nullable(),
  /** Their name ("Completed by Morgan Broker on …"); null when not completed or not known. */
  completedByName: z.string().nullable(),
  /** The last reopen of the step by staff (who and when), null when never reopened. */
  reopenedBy: z.string().nullable(),
  reopenedByName: z.string().nullable(),
  reopenedAt: z.string().nullable(),
});
export type JourneyStep = z.infer<typeof journeyStepSchema>;

/** GET /seller/progress, /buyer/progress: the journey on the user's selected listing (all open at step 0 when none). */
export const progressSchema = z.object({
  currentStep: z.number(),
  steps: z.array(journeyStepSchema),
  selectedListingId: z.string().nullable(),
  totalSteps: z.literal(TOTAL_STEPS),
  completedSteps: z.number(),
});
export type Progress = z.infer<typeof progressSchema>;

/** Answer of mark-step-completed / mark-step-incomplete / update-step. */
export interface StepChangeResponse {
  message: string;
  progress: Progress;
}

// ---- internal command: another service reports an event that completes a step ----

/**
 * POST /internal/journeys/events (@Roles('SERVICE')). Idempotent by eventId (a repeated eventId changes nothing and
 * answers duplicate: true). listingId omitted → the user's selected listing. The user's journey kind follows the
 * user's party role on the listing (seller or buyer). Events for a not-yet-accessible step record it as completed
 * without moving currentStep; when the cursor reaches it, it moves past it.
 */
export const journeyEventSchema = z.object({
  eventId: z.uuid('eventId must be a uuid'),
  userId: z.uuid('userId must be a uuid'),
  listingId: z.uuid('listingId must be a uuid').optional(),
  stepId: stepIdSchema,
  /** What happened, for the record: e.g. messaging.message-sent, documents.signed-upload, listings.nda-submitted. */
  source: z.string().trim().min(1, 'source is required').max(100),
});
export type JourneyEvent = z.input<typeof journeyEventSchema>;
export interface JourneyEventResponse {
  /** False when this eventId was already handled. */
  applied: boolean;
  duplicate: boolean;
  progress: Progress;
}
