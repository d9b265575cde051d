import { apiFetch } from '@brokerage/api-client';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import type { ProvidedDocumentResponse } from '@brokerage/contracts/documents';
import { portalKeys, useAgreementDownload, useDeleteOwnDocument, useSignedCopyStored } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Seller step 7 (id 6): uploading the signed purchase agreement completes it (documents tells the journey). */
export const PURCHASE_AGREEMENT_STEP = 6;
export const SIGNED_FIELDS = { documentType: 'PURCHASE_AGREEMENT', stepId: String(PURCHASE_AGREEMENT_STEP) } as const;
export const SIGNED_UPLOAD_PATH = apiPath('POST', '/seller/documents/upload');
export const BUYER_ACTIVITY_PATH = `/${AREA}/buyer-activity`;

/** Spec part 2 §2 and §8, purchase agreement. */
export const PURCHASE_AGREEMENT_TEXT = {
  notAvailableTitle: 'Purchase Agreement Not Available Yet',
  notAvailable: 'Purchase agreement not available yet. Please contact your broker or agent.',
  downloadFailed: 'Failed to download purchase agreement. Please try again or contact your broker/agent.',
  uploaded: 'Signed purchase agreement uploaded successfully!',
  ready: 'Agreement Ready',
} as const;

export const PURCHASE_AGREEMENT_KEY = portalKeys.purchaseAgreement();

/** GET /seller/purchase-agreement: the agreement staff provided (the broker's over the agent's) and the seller's signed copies. */
export const purchaseAgreementQuery = () =>
  queryOptions({ queryKey: PURCHASE_AGREEMENT_KEY, queryFn: () => apiFetch<ProvidedDocumentResponse>(apiPath('GET', '/seller/purchase-agreement')) });

/** No success text here: the spec gives none for this download. */
export const useDownloadPurchaseAgreement = () =>
  useAgreementDownload({ none: PURCHASE_AGREEMENT_TEXT.notAvailable, failed: PURCHASE_AGREEMENT_TEXT.downloadFailed });

/** After a signed copy is stored: the spec's text, the list reloads, and progress (the step completes via the outbox). */
export const useAfterSignedUpload = () => useSignedCopyStored(AREA, PURCHASE_AGREEMENT_KEY, PURCHASE_AGREEMENT_TEXT.uploaded);

export const useDeleteSignedAgreement = () => useDeleteOwnDocument(AREA, PURCHASE_AGREEMENT_KEY);
