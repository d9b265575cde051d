import { apiFetch } from '@brokerage/api-client';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import { LISTING_AGREEMENT_MSG, type ListingAgreementResponse, type ListingAgreementStatus } from '@brokerage/contracts/listing-agreement';
import { portalKeys, useAgreementDownload, useDeleteOwnDocument, useSignedCopyStored } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Seller step 3 (id 2): uploading the signed agreement completes it (the documents service tells the journey). */
export const AGREEMENT_STEP = 2;
/** GET the agreement object; POST (multipart `file`) the seller's signed copy, filed under step 2 by the server; 409 before staff provided one. */
export const AGREEMENT_PATH = apiPath('POST', '/seller/listing-agreement');

/** Spec part 2 §8, listing agreement (the server's texts, contracts LISTING_AGREEMENT_MSG). */
export const AGREEMENT_TEXT = {
  downloaded: 'Listing agreement downloaded successfully!',
  none: LISTING_AGREEMENT_MSG.notProvided,
  uploaded: LISTING_AGREEMENT_MSG.uploaded,
  downloadFailed: 'Download failed. Please try again.',
} as const;

/** The agreement object's status, in words (ours: the spec names no status texts). */
export const AGREEMENT_STATUS_TEXT: Record<ListingAgreementStatus, string> = {
  NOT_PROVIDED: 'Not provided yet',
  AWAITING_SIGNATURE: 'Awaiting your signed copy',
  SIGNED: 'Signed',
};

export const AGREEMENT_KEY = portalKeys.listingAgreement();

/**
 * GET /seller/listing-agreement: the agreement object (preparedBy, version, document, signedCopy, signedAt, status)
 * beside the agreement staff provided (broker over agent) and the seller's signed copies.
 */
export const listingAgreementQuery = () =>
  queryOptions({ queryKey: AGREEMENT_KEY, queryFn: () => apiFetch<ListingAgreementResponse>(apiPath('GET', '/seller/listing-agreement')) });

export const useDownloadAgreement = () => useAgreementDownload({ none: AGREEMENT_TEXT.none, downloaded: AGREEMENT_TEXT.downloaded, failed: AGREEMENT_TEXT.downloadFailed });

/** After POST /seller/listing-agreement stored the signed copy: the spec's text, the agreement reloads, and progress. */
export const useAfterSignedUpload = () => useSignedCopyStored(AREA, AGREEMENT_KEY, AGREEMENT_TEXT.uploaded);

export const useDeleteSignedCopy = () => useDeleteOwnDocument(AREA, AGREEMENT_KEY);
