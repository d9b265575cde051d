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
