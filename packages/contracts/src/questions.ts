import { z } from 'zod';
import { DUE_DILIGENCE_DOCUMENT_NAMES, DUE_DILIGENCE_EXTENSIONS } from './due-diligence.js';

// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════
// Due-diligence Q&A (issue 24 §3), owned by the documents service beside due diligence.
// A buyer (past the NDA) asks a question on one of the 16 due-diligence names or on the listing in general. Staff see
// every question with its asker, route it to the seller, answer it themselves or merge duplicates; the seller answers
// what was routed to them; staff release an answer to the asker(s) only or to every buyer of the listing (FAQ).
// Buyers never see another buyer's question unless released to ALL, and never who asked.
// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════

/** A question's state (a merged question shows its target's). */
export const QUESTION_STATES = ['Open', 'With seller', 'Answered', 'Released'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

/** Who a released answer is for: the asking buyer (each asker of a merged group) or every buyer of the listing. */
export const RELEASE_AUDIENCES = ['ASKER', 'ALL'] as const;
export type ReleaseAudience = (typeof RELEASE_AUDIENCES)[number];

/** What a history entry records. `merged`: this question was merged into another; `merged-in`: another into this. */
export const QUESTION_ACTIONS = ['asked', 'routed', 'answered', 'merged', 'merged-in', 'released'] as const;
export type QuestionAction = (typeof QUESTION_ACTIONS)[number];

/** Roles that answer (staff or the seller). */
export const ANSWER_ROLES = ['BROKER', 'AGENT', 'SELLER'] as const;

export const QUESTION_LIMITS = {
  textMaxChars: 2000,
  answerMaxChars: 5000,
  /** Files one answer may carry. */
  maxAttachments: 5,
  /** The answer's text field in a multipart body (UTF-8 bytes). */
  maxFieldBytes: 20_000,
} as const;

/** Attachment extensions: those of due diligence. */
export const QUESTION_ATTACHMENT_EXTENSIONS = DUE_DILIGENCE_EXTENSIONS;

/** Server messages (400/404/409) and the screens' texts. */
export const QUESTION_MSG = {
  textRequired: 'Question text is required',
  textTooLong: `Question text must be at most ${QUESTION_LIMITS.textMaxChars} characters`,
  unknownDocumentName: 'documentName must be one of the 16 due diligence document names',
  answerRequired: 'Answer text is required',
  answerTooLong: `Answer text must be at most ${QUESTION_LIMITS.answerMaxChars} characters`,
  badAudience: 'audience must be ASKER or ALL',
  intoRequired: 'intoQuestionId must be a uuid',
  notFound: 'Question not found',
  mergeIntoSelf: 'A question cannot be merged into itself',
  mergeIntoMerged: 'The target question is itself merged into another',
  merged: 'This question is merged into another: act on that one',
  releasedCannotMerge: 'A released question cannot be merged',
  releasedCannotChange: 'A released answer cannot be changed',
  notOpen: 'Only an open question can be routed to the seller',
  notWithSeller: 'This question is not waiting for your answer',
  notAnswered: 'Only an answered question can be released',
  tooManyAttachments: `Attach up to ${QUESTION_LIMITS.maxAttachments} files`,
  // UI
  asked: 'Question sent',
  routed: 'Question sent to the seller',
  answered: 'Answer saved',
  released: 'Answer released',
  mergedDone: 'Questions merged',
  general: 'General',
  noQuestions: 'No questions yet',
} as const;

/**
 * E-mail notice headlines of a released answer (kind due-diligence): one line, never the question, the answer or who
 * asked; the listing's title is its public card's.
 */
export const QUESTION_NOTICE_HEADLINES = {
  releasedToAsker: (title?: string | null) => `Your question was answered${title ? ` on ${title}` : ''}`,
  releasedToAll: (title?: string | null) => `A new answer was added to the questions and answers${title ? ` of ${title}` : ''}`,
  /** To staff (they see who asks). */
  asked: (buyer: string, title?: string | null) => `${buyer} asked a due-diligence question${title ? ` on ${title}` : ''}`,
  /** To the seller (never who asked). */
  routedToSeller: (title?: string | null) => `A buyer's question is waiting for your answer${title ? ` on ${title}` : ''}`,
  /** To staff: the seller answered a question routed to them. */
  sellerAnswered: (title?: string | null) => `The seller answered a buyer's question${title ? ` on ${title}` : ''}`,
} as const;
/** Where a buyer reads the answers (their Questions screen). */
export const BUYER_QUESTIONS_PATH = '/buyer/questions';
/** Where the seller answers the questions routed to them. */
export const SELLER_QUESTIONS_PATH = '/seller/questions';
/** Staff's Questions screen of a listing, below /broker or /agent. */
export const staffQuestionsPath = (listingId: string) => `/listings/${listingId}/questions`;

/** The display of an audience (release buttons, badges). */
export const RELEASE_AUDIENCE_LABELS: Record<ReleaseAudience, string> = { ASKER: 'Asking buyer only', ALL: 'All buyers (FAQ)' };

const uuidField = (label: string) =>
  z.string({ error: `${label} is required` }).max(36, `${label} must be a uuid`).pipe(z.uuid(`${label} must be a uuid`));

// ---- answers ----

export const questionAttachmentSchema = z.object({ id: z.string(), fileName: z.string(), fileSize: z.number().int() });
export type QuestionAttachment = z.infer<typeof questionAttachmentSchema>;

export const questionAnswerSchema = z.object({
  text: z.string(),
  answeredAt: z.string(),
  answeredByRole: z.enum(ANSWER_ROLES),
  /** Documents rows: download through the caller's usual document download route (the access rule applies). */
  attachments: z.array(questionAttachmentSchema),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

export const questionHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.enum(QUESTION_ACTIONS),
  /** BUYER, BROKER, AGENT or SELLER: never a name. */
  byRole: z.string(),
  /** `released`: the audience. */
  audience: z.enum(RELEASE_AUDIENCES).optional(),
});
export type QuestionHistoryEntry = z.infer<typeof questionHistoryEntrySchema>;

/**
 * One question as the caller may see it. Buyers: `askedByMe` set, no asker, `answer` only once released to them,
 * `history` only on their own questions. Seller: no asker, no askedByMe. Staff: `askerId`/`askerName`, full history.
 * `state`, `answer` and `releasedTo` of a merged question are its target's.
 */
export const questionSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  text: z.string(),
  documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES).nullable(),
  state: z.enum(QUESTION_STATES),
  askedAt: z.string(),
  askedByMe: z.boolean().optional(),
  /** Staff only. */
  askerId: z.string().optional(),
  /** Staff only. */
  askerName: z.string().optional(),
  answer: questionAnswerSchema.nullable(),
  releasedTo: z.enum(RELEASE_AUDIENCES).nullable(),
  mergedInto: z.string().nullable(),
  history: z.array(questionHistoryEntrySchema),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({ questions: z.array(questionSchema) });
export type QuestionList = z.infer<typeof questionListSchema>;
export const questionResponseSchema = z.object({ question: questionSchema });
export type QuestionResponse = z.infer<typeof questionResponseSchema>;

// ---- requests ----

/** A required text, trimmed: missing or blank → `required`, longer than `max` → `tooLong`. */
const textField = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /buyer/listings/:listingId/questions. */
export const askQuestionSchema = z.object({
  text: textField(QUESTION_MSG.textRequired, QUESTION_LIMITS.textMaxChars, QUESTION_MSG.textTooLong),
  documentName: z
    .string({ error: QUESTION_MSG.unknownDocumentName })
    .max(100, QUESTION_MSG.unknownDocumentName)
    .pipe(z.enum(DUE_DILIGENCE_DOCUMENT_NAMES, { error: QUESTION_MSG.unknownDocumentName }))
    .nullish()
    .transform((v) => v ?? null),
});
export type AskQuestionBody = z.input<typeof askQuestionSchema>;

/**
 * POST …/questions/:questionId/answer: `{text}` as JSON, or multipart with the `text` field first and then up to
 * QUESTION_LIMITS.maxAttachments files (attachments; the documents upload checks: extension, content, size).
 */
export const answerQuestionSchema = z.object({
  text: textField(QUESTION_MSG.answerRequired, QUESTION_LIMITS.answerMaxChars, QUESTION_MSG.answerTooLong),
});
export type AnswerQuestionBody = z.input<typeof answerQuestionSchema>;

/** POST …/questions/:questionId/merge. */
export const mergeQuestionSchema = z.object({ intoQuestionId: z.string({ error: QUESTION_MSG.intoRequired }).max(36, QUESTION_MSG.intoRequired).pipe(z.uuid(QUESTION_MSG.intoRequired)) });
export type MergeQuestionBody = z.input<typeof mergeQuestionSchema>;

/** POST …/questions/:questionId/release. */
export const releaseQuestionSchema = z.object({ audience: z.enum(RELEASE_AUDIENCES, { error: QUESTION_MSG.badAudience }) });
export type ReleaseQuestionBody = z.input<typeof releaseQuestionSchema>;

// ---- params ----

export const questionListingParamsSchema = z.object({ listingId: uuidField('listingId') });
export const questionParamsSchema = z.object({ listingId: uuidField('listingId'), questionId: uuidField('questionId') });
