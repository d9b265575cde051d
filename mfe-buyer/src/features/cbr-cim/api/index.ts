import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { DocumentDto, ProvidedDocumentResponse } from '@brokerage/contracts/documents';
import { toast } from '@brokerage/ui';
import { portalKeys, saveDocument, useProgressRefresh } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Buyer step 5 (id 4): downloading the CBR/CIM completes it (the documents service records it and tells the journey). */
export const CBR_STEP = 4;

/** Spec part 2 §8, CBR/CIM. */
export const CBR_TEXT = {
  downloaded: 'CBR/CIM document downloaded successfully!',
  none: 'No CBR/CIM document available for download',
  failed: 'Download failed. Please try again.',
  noUrl: 'File URL not available',
} as const;

/** GET /buyer/cbr-cim: the CBR/CIM the broker (or else the agent) provided, null when none. */
export const cbrCimQuery = () =>
  queryOptions({ queryKey: portalKeys.cbrCim(), queryFn: () => apiFetch<ProvidedDocumentResponse>(apiPath('GET', '/buyer/cbr-cim')) });

/**
 * POST /buyer/download-agent-document/{id} {stepId: 4} (records the download, completes the step), then the file
 * itself (watermarked for this buyer by the service); progress is read again afterwards.
 */
export function useDownloadCbrCim() {
  const refreshProgress = useProgressRefresh(AREA);
  return useMutation({
    mutationFn: async (doc: DocumentDto | null) => {
      if (!doc) throw new Error(CBR_TEXT.none);
      const answer = await apiFetch<{ document: DocumentDto }>(apiPath('POST', '/buyer/download-agent-document/:documentId', { documentId: doc.id }), { method: 'POST', json: { stepId: CBR_STEP } });
      const url = answer?.document?.url;
      if (!url) throw new Error(CBR_TEXT.noUrl);
      await saveDocument(url, doc.fileName);
    },
    onSuccess: () => toast.success(CBR_TEXT.downloaded),
    onError: (err) => toast.error(err instanceof Error && (err.message === CBR_TEXT.none || err.message === CBR_TEXT.noUrl) ? err.message : CBR_TEXT.failed),
    onSettled: refreshProgress,
  });
}
