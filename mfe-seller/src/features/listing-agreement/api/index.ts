import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentDto, ProvidedDocumentResponse } from '@brokerage/contracts/documents';
import { saveDocument, toast, useDeleteOwnDocument, useProgressRefresh } from '@brokerage/ui';
import { AREA, sellerGet } from '../../../api/client';

/** Seller step 3 (id 2): uploading the signed agreement completes it (the documents service tells the journey). */
export const AGREEMENT_STEP = 2;
export const SIGNED_FIELDS = { documentType: 'LISTING_AGREEMENT', stepId: String(AGREEMENT_STEP) } as const;
export const SIGNED_UPLOAD_PATH = `/${AREA}/documents/upload`;

/** Spec part 2 §8, listing agreement. */
export const AGREEMENT_TEXT = {
  downloaded: 'Listing agreement downloaded successfully!',
  none: 'Please contact broker or agent for available listing agreement.',
  uploaded: 'Signed listing agreement uploaded successfully!',
  downloadFailed: 'Download failed. Please try again.',
} as const;

export const AGREEMENT_KEY = ['portal', AREA, 'listing-agreement'] as const;

/** GET /seller/listing-agreement: the agreement staff provided (broker over agent) and the seller's signed copies. */
export function useListingAgreement() {
  return useQuery({ queryKey: AGREEMENT_KEY, queryFn: () => sellerGet<ProvidedDocumentResponse>('/listing-agreement') });
}

export function useDownloadAgreement() {
  return useMutation({
    mutationFn: async (doc: DocumentDto | null) => {
      if (!doc) throw new Error(AGREEMENT_TEXT.none);
      await saveDocument(doc.url, doc.fileName);
    },
    onSuccess: () => toast.success(AGREEMENT_TEXT.downloaded),
    onError: (err) => toast.error(err instanceof Error && err.message === AGREEMENT_TEXT.none ? err.message : AGREEMENT_TEXT.downloadFailed),
  });
}

/** After a signed copy is stored: the spec's text, its list reloads, and progress (the step completes via the outbox). */
export function useAfterSignedUpload() {
  const client = useQueryClient();
  const refreshProgress = useProgressRefresh(AREA);
  return () => {
    toast.success(AGREEMENT_TEXT.uploaded);
    void client.invalidateQueries({ queryKey: AGREEMENT_KEY });
    refreshProgress();
  };
}

export const useDeleteSignedCopy = () => useDeleteOwnDocument(AREA, AGREEMENT_KEY);
