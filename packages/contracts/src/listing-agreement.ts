import { z } from 'zod';
import { documentSchema, providedDocumentSchema } from './documents.js';

/** Seller journey step 3 (spec part 2 §3/§6/§7): GET|POST /seller/listing-agreement. */
export const LISTING_AGREEMENT_STATUSES = ['NOT_PROVIDED', 'AWAITING_SIGNATURE', 'SIGNED'] as const;
export type ListingAgreementStatus = (typeof LISTING_AGREEMENT_STATUSES)[number];

/** Spec part 2 §8 texts (error catalogue) of the listing agreement step. */
export const LISTING_AGREEMENT_MSG = {
  notProvided: 'Please contact broker or agent for available listing agreement.',
  uploaded: 'Signed listing agreement uploaded successfully!',
} as const;

/** The seller's listing agreement screen (spec part 2 §2, §8): its sections' words, as ui SignedAgreement takes them. */
export const LISTING_AGREEMENT_TEXT = {
  downloadTitle: '1. Download the listing agreement',
  downloadButton: 'Download Listing Agreement',
  uploadTitle: '2. Upload the signed agreement',
  uploadLabel: 'Upload signed listing agreement',
  listLabel: 'Your signed copies',
  empty: 'No signed copy uploaded yet.',
} as const;

/** The broker or agent who provided the current agreement. */
export const agreementPreparerSchema = z.object({ id: z.string().nullable(), name: z.string(), role: z.string() });

/**
 * The listing agreement, derived from the listing's documents (no table of its own):
 * - `document`: the current agreement staff provided (broker's newest over agent's newest, spec part 2 §6); null when none;
 * - `version`: its 1-based position among every agreement staff provided for the listing, oldest first
 *   (a newer one provided → the next version; 0 when none);
 * - `signedCopy`: the seller's newest LISTING_AGREEMENT upload made after the current version was provided; `signedAt` its time.
 */
export const listingAgreementSchema = z.object({
  listingId: z.string().nullable(),
  preparedBy: agreementPreparerSchema.nullable(),
  version: z.number().int().min(0),
  document: documentSchema.nullable(),
  signedCopy: documentSchema.nullable(),
  /** ISO date-time. */
  signedAt: z.string().nullable(),
  status: z.enum(LISTING_AGREEMENT_STATUSES),
});
export type ListingAgreement = z.infer<typeof listingAgreementSchema>;

/** GET /seller/listing-agreement: today's document part ({document, signedCopies}) with the agreement object beside it. */
export const listingAgreementResponseSchema = providedDocumentSchema.extend({ agreement: listingAgreementSchema });
export type ListingAgreementResponse = z.infer<typeof listingAgreementResponseSchema>;

/** POST /seller/listing-agreement (multipart, the signed copy in `file`): 201. */
export const listingAgreementUploadResponseSchema = z.object({ message: z.string(), agreement: listingAgreementSchema });
export type ListingAgreementUploadResponse = z.infer<typeof listingAgreementUploadResponseSchema>;
