import { z } from 'zod';
import { ndaSubmissionSchema } from '@brokerage/contracts';

/**
 * Body of POST /internal/ndas (identity → listings, after creating the buyer account of an NDA sign-up):
 * the NDA submission without password and listingInterest, plus who, which listing, when and from where.
 */
export const recordNdaSchema = ndaSubmissionSchema.omit({ password: true, listingInterest: true }).extend({
  buyerId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'buyerId must be a uuid'),
  listingId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1, 'listingId is required')),
  signedAt: z.coerce.date({ message: 'signedAt must be a date' }),
  ip: z.string().max(64).optional().nullable(),
  userAgent: z.string().max(1000).optional().nullable(),
});
export type RecordNdaInput = z.output<typeof recordNdaSchema>;

export interface RecordNdaResponse {
  nda: { id: string; buyerId: string; listingId: string; signedAt: string };
  /** false when this (buyerId, listingId) NDA was already recorded (idempotent retry). */
  created: boolean;
}
