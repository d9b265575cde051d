import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { DocumentListResponse } from '@brokerage/contracts/documents';
import type { Progress, StepChangeResponse, UpdateStepRequest } from '@brokerage/contracts/journeys';
import { Alert, Badge, Button, Card, Loading, toast } from '@brokerage/ui';
import { saveDocument } from './document-download.js';
import { useJourney } from './journey-context.js';
import { portalKeys, progressQuery } from './journey-hooks.js';
import { stepState, type JourneyArea } from './journey.js';
import { LoadError } from './page-kit.js';
import { StepFrame } from './steps.js';
import { formatDateTime } from '../format-date.js';
import { FileName } from './file-name.js';

/** Closing Docs is step id 9 in both journeys. */
export const CLOSING_STEP = 9;
/** Spec part 4: several closing files download one at a time, this far apart. */
export const CLOSING_DOWNLOAD_GAP_MS = 500;

/** Spec part 2 §8, closing docs. */
export const CLOSING_TEXT = {
  notAvailable: 'Closing documents not available yet. Nothing will happen when clicked until the closing documents are attached by the broker after the sale.',
  failed: 'Failed to download closing documents. Please try again or contact your broker/agent.',
  downloading: 'Your Documents are downloading. Please check your downloads folder after the download is complete. Thank You!',
  notAvailableTitle: 'Closing Documents Not Available Yet',
} as const;

/** GET /seller|buyer/closing-documents. */
export const closingDocumentsQuery = (area: JourneyArea) =>
  queryOptions({ queryKey: portalKeys.closingDocuments(area), queryFn: () => apiFetch<DocumentListResponse>(apiPath('GET', `/${area}/closing-documents`)) });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The seller's and buyer's Closing Docs screen (step 10 of 11): the closing documents the service recognises (type
 * CLOSING_DOCS / CLOSING_DOCUMENTS, or an "Other Document" named closing/close/final; the broker's over the agent's),
 * each with "Provided by: {name} ({role})"; Download fetches them one at a time 500 ms apart and completes the step
 * (mark-step-completed). Without documents: "Closing Documents Not Available Yet" and a disabled button.
 */
export function ClosingDocuments() {
  const { area, progress } = useJourney();
  const client = useQueryClient();
  const docs = useQuery(closingDocumentsQuery(area));
  const raw = useQuery({ ...progressQuery(area), select: (p) => p as Partial<Progress> });
  const [notice, setNotice] = useState<string | null>(null);
  const state = stepState(CLOSING_STEP, progress);
  const list = docs.data?.documents ?? [];
  const completedAt = raw.data?.steps?.find((s) => s.id === CLOSING_STEP)?.completedAt ?? null;

  const download = useMutation({
    mutationFn: async () => {
      if (state !== 'completed') {
        // the spec's step update with a completion flag (part 2 §4, §7)
        const body: UpdateStepRequest = { stepId: CLOSING_STEP, completed: true };
        const answer = await apiFetch<StepChangeResponse>(apiPath('POST', `/${area}/update-step`), { method: 'POST', json: body });
        if (answer?.progress) client.setQueryData(portalKeys.progress(area), answer.progress);
      }
      for (const [i, d] of list.entries()) {
        if (i > 0) await wait(CLOSING_DOWNLOAD_GAP_MS);
        await saveDocument(d.url, d.fileName);
      }
    },
    onSuccess: () => setNotice(CLOSING_TEXT.downloading),
    onError: () => {
      setNotice(null);
      toast.error(CLOSING_TEXT.failed);
    },
    onSettled: () => client.invalidateQueries({ queryKey: portalKeys.progress(area) }),
  });

  const badge = state === 'current' && list.length > 0 ? <Badge tone="success">Documents Ready</Badge> : null;
  return (
    <StepFrame stepId={CLOSING_STEP} badges={badge}>
      {docs.isPending ? (
        <Loading />
      ) : docs.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void docs.refetch()} error={docs.error} />
      ) : list.length === 0 ? (
        <Card title={CLOSING_TEXT.notAvailableTitle}>
          <div className="bb-stack">
            <p className="bb-muted">{CLOSING_TEXT.notAvailable}</p>
            <div>
              <Button disabled>Download Closing Documents</Button>
            </div>
          </div>
        </Card>
      ) : (
        <Card title="Closing documents">
          <div className="bb-stack">
            <ul className="bb-doclist" aria-label="Closing documents">
              {list.map((d) => (
                <li key={d.id} className="bb-doclist__item">
                  <div className="bb-doclist__main">
                    <FileName name={d.fileName} className="bb-doclist__name" />
                    <span className="bb-doclist__meta">
                      Provided by: {d.uploader.name} ({d.uploader.role})
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            <div>
              <Button onClick={() => download.mutate()} loading={download.isPending}>
                {list.length === 1 ? 'Download Closing Document' : `Download ${list.length} Closing Documents`}
              </Button>
            </div>
            {state === 'completed' && completedAt && <p className="bb-muted">Downloaded on {formatDateTime(completedAt)}</p>}
            {notice && <Alert tone="success">{notice}</Alert>}
          </div>
        </Card>
      )}
    </StepFrame>
  );
}
