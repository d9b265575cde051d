import { z } from 'zod';
import { EMAIL_PATTERN } from './registration.js';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import { ndaSubmissionSchema } from './public-forms.js';
import { TEXT_MAX, optionalText, tooLong } from './text.js';

/**
 * The NDA sign-up between services: identity creates the buyer account, then has listings record the signed NDA
 * (POST /internal/ndas); on failure identity removes both sides (DELETE /internal/ndas/{buyerId}).
 */
export const LISTING_NOT_AVAILABLE = 'The selected listing is not available.';

/** Body of listings' POST /internal/ndas: the NDA submission without password, plus who, which listing, when, from where. */
export const recordNdaSchema = ndaSubmissionSchema.omit({ password: true, listingInterest: true }).extend({
  buyerId: z.uuid({ error: 'buyerId must be a uuid' }),
  listingId: z
    .union([z.string().max(TEXT_MAX.id, LISTING_NOT_AVAILABLE), z.number()], { error: LISTING_NOT_AVAILABLE })
    .transform((v) => String(v).toLowerCase())
    .pipe(z.uuid(LISTING_NOT_AVAILABLE)),
  signedAt: z.coerce.date({ error: 'signedAt must be a date' }),
  ip: z.string().max(64, tooLong('ip', 64)).optional().nullable(),
  userAgent: z.string().max(1000, tooLong('userAgent', 1000)).optional().nullable(),
});
export type RecordNdaRequest = z.input<typeof recordNdaSchema>;
export type RecordNdaInput = z.output<typeof recordNdaSchema>;

export const recordNdaResponseSchema = z.object({
  nda: z.object({ id: z.string(), buyerId: z.string(), listingId: z.string(), signedAt: z.string() }),
  /** false when this (buyerId, listingId) NDA was already recorded (idempotent retry). */
  created: z.boolean(),
});
export type RecordNdaResponse = z.infer<typeof recordNdaResponseSchema>;

/** DELETE /internal/ndas/{buyerId} (compensation of a failed sign-up). */
export const buyerNdasParamsSchema = z.object({ buyerId: z.uuid('buyerId must be a uuid') });
export const removedBuyerNdasSchema = z.object({ ndas: z.number().int(), attachments: z.number().int() });
export type RemovedBuyerNdas = z.infer<typeof removedBuyerNdasSchema>;

/** Body of identity's POST /internal/users: a BUYER account for an NDA sign-up. */
export const internalCreateBuyerSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(2 * TEXT_MAX.name + 1, tooLong('Name', 2 * TEXT_MAX.name + 1)),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email)).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(TEXT_MAX.phone, tooLong('Phone number', TEXT_MAX.phone)),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long')
    .max(TEXT_MAX.password, tooLong('Password', TEXT_MAX.password)),
  profile: z.record(z.string().max(64), z.union([optionalText, z.array(z.string().max(TEXT_MAX.short)).max(20)])).optional().default({}),
});
export type InternalCreateBuyer = z.input<typeof internalCreateBuyerSchema>;

// ─── Checking a signed NDA's PDF (issue 24 §1) ──────────────────────────────────────────────────────────────────

/**
 * A signed NDA's date as the portal shows dates (date-fns `MMM d, yyyy h:mm a`, e.g. "Nov 21, 2026 1:05 PM"), in UTC
 * with " UTC" after it: the server's answer is the same for every reader, whatever their time zone.
 */
export function formatUtcDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const h = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${h % 12 === 0 ? 12 : h % 12}:${minutes} ${h < 12 ? 'AM' : 'PM'} UTC`;
}

/** The answers of POST /broker|agent/listings/{listingId}/ndas/verify (the PDF is read, hashed and forgotten). */
export const NDA_VERIFY_MSG = {
  /** {date}: formatUtcDateTime of the signature (the staff screen shows it in the reader's time zone). */
  matches: (name: string, date: string) => `Matches the NDA signed by ${name} on ${date}`,
  noMatch: 'Does not match any signed NDA',
  /** No file, or more than one. */
  oneFile: 'Choose one PDF file to check',
} as const;

/** A copy is checked as a PDF only (the NDAs the portal files are PDFs). */
export const NDA_VERIFY_EXTENSIONS = ['.pdf'] as const;

export const ndaVerifyResponseSchema = z.object({
  matches: z.boolean(),
  message: z.string(),
  /** The typed signature of the matching NDA. */
  signerName: z.string().optional(),
  /** When it was signed (ISO). */
  signedAt: z.string().optional(),
});
export type NdaVerifyResponse = z.infer<typeof ndaVerifyResponseSchema>;

/** The last page of a signed NDA's PDF: who signed, when, from where, which text, and how a copy is checked. */
export const NDA_CERTIFICATE = {
  title: 'Certificate of Electronic Signature',
  labels: {
    document: 'Document',
    listing: 'Listing',
    signer: 'Signed by',
    email: 'Email',
    signedAt: 'Signed at (UTC)',
    ip: 'IP address',
    userAgent: 'User agent',
    textVersion: 'NDA text version',
    textSha256: 'SHA-256 of the NDA text',
    via: 'Signed through',
  },
  via: { signUp: 'the public NDA sign-up (/nda)', portal: "the buyer portal's Non-Disclosure Agreement step" },
  howToVerify: [
    'How to verify this document',
    'The SHA-256 of the NDA text is computed over the agreement as printed above (the introduction and the seven numbered clauses, one paragraph each, separated by a blank line, UTF-8): the same text at the same version always gives the same hash.',
    'When this PDF was filed, its own SHA-256 was recorded with it. To check a copy, staff of the firm open the listing\'s Activity page in the portal and drop the PDF on "Verify an NDA": an unaltered copy answers "Matches the NDA signed by …"; a copy changed in any byte answers "Does not match any signed NDA".',
  ],
} as const;
