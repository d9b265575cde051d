import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DocumentDto } from '@brokerage/contracts/documents';
import { saveDocument } from '../document-download.js';
import type { JourneyArea } from '../journey.js';
import { useProgressRefresh } from '../step-uploads.js';
import { toast } from '@brokerage/ui';

/** A download's texts: `none` when there is nothing to download, `failed` otherwise; `downloaded` on success (if the spec gives one). */
export interface AgreementDownloadTexts {
  none: string;
  failed: string;
  downloaded?: string;
}

/** Where a download goes and the name it is saved under; null when there is nothing to download. */
export type DownloadTarget = { url: string; fileName: string } | null;

const ownRoute = (doc: DocumentDto | null): DownloadTarget => (doc ? { url: doc.url, fileName: doc.fileName } : null);

/**
 * Download of a document staff provided, saved under its name: `target` names the route (default: the document's own
 * `url`); no target → the `none` text, any other failure → `failed`; `downloaded` on success.
 */
export function useAgreementDownload<V = DocumentDto | null>(
  texts: AgreementDownloadTexts,
  target: (v: V) => DownloadTarget = ownRoute as (v: V) => DownloadTarget,
) {
  return useMutation({
    mutationFn: async (v: V) => {
      const t = target(v);
      if (!t) throw new Error(texts.none);
      await saveDocument(t.url, t.fileName);
    },
    onSuccess: () => {
      if (texts.downloaded) toast.success(texts.downloaded);
    },
    onError: (err) => toast.error(err instanceof Error && err.message === texts.none ? texts.none : texts.failed),
  });
}

/**
 * After a signed copy is stored: the spec's `uploaded` text, the screen's query (`key`) reloads, and so does progress
 * (the step completes through the documents service's journey outbox a moment later).
 */
export function useSignedCopyStored(area: JourneyArea, key: QueryKey, uploaded: string) {
  const client = useQueryClient();
  const refreshProgress = useProgressRefresh(area);
  return () => {
    toast.success(uploaded);
    void client.invalidateQueries({ queryKey: key });
    refreshProgress();
  };
}
