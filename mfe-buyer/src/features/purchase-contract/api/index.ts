import { apiFetch } from '@brokerage/api-client';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import type { DocumentDto, ProvidedDocumentResponse } from '@brokerage/contracts/documents';
import { portalKeys, useAgreementDownload, useDeleteOwnDocument, useProgressRefresh, useSignedCopyStored } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Buyer step 7 (id 6): uploading the signed contract completes it (documents tells the journey). */
export const CONTRACT_STEP = 6;

/** Defined paths (the spec's "not shown"; gateway ROUTES.md): upload of the signed contract, download of the contract. */
export const signedContractPath = (listingId: string) => apiPath('POST', '/buyer/listings/:listingId/signed-contract', { listingId });
export const contractDownloadPath = (listingId: string) => apiPath('GET', '/buyer/listings/:listingId/contract/download', { listingId });

/** Spec part 2 §2, §8 and part 3 §2: purchase contract texts. */
export const CONTRACT_TEXT = {
  uploaded: 'Signed Purchase Contract uploaded successfully!',
  none: 'No Purchase Contract available for download',
  downloaded: 'Purchase Contract downloaded successfully!',
  failed: 'Download failed. Please try again.',
  waitingStatus: 'Waiting for broker/agent to provide purchase contract',
  waitingButton: 'Waiting for Contract',
  waitingNote: 'Your broker or agent will provide the purchase contract once an offer is accepted.',
  warning:
    'This purchase contract is a legally binding document. Read it carefully and consider having it reviewed by an attorney before you sign it.',
} as const;

export const CONTRACT_KEY = portalKeys.purchaseContract();

/** GET /buyer/purchase-contract: the contract staff provided (broker's over agent's) and the buyer's signed contracts. */
export const purchaseContractQuery = () =>
  queryOptions({ queryKey: CONTRACT_KEY, queryFn: () => apiFetch<ProvidedDocumentResponse>(apiPath('GET', '/buyer/purchase-contract')) });

/** GET /buyer/listings/{listingId}/contract/download, saved under the contract's name. */
export const useDownloadContract = () =>
  useAgreementDownload(
    { none: CONTRACT_TEXT.none, downloaded: CONTRACT_TEXT.downloaded, failed: CONTRACT_TEXT.failed },
    ({ doc, listingId }: { doc: DocumentDto | null; listingId: string | null }) =>
      doc && listingId ? { url: contractDownloadPath(listingId), fileName: doc.fileName } : null,
  );

export const useAfterSignedContract = () => useSignedCopyStored(AREA, CONTRACT_KEY, CONTRACT_TEXT.uploaded);

/** Delete with the spec's alerts; deleting a file refreshes progress (spec part 2 §4). */
export function useDeleteSignedContract() {
  const remove = useDeleteOwnDocument(AREA, CONTRACT_KEY);
  const refreshProgress = useProgressRefresh(AREA);
  return (d: DocumentDto) => remove.mutateAsync(d).finally(refreshProgress);
}
