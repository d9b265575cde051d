import { useState } from 'react';
import { Alert, Badge, Button, Card, Dialog, Loading, formatFileSize } from '@brokerage/ui';
import { DocumentViewer, LoadError, StepFrame, formatDateTime, stepState, useJourney, useProgressRefresh } from '@brokerage/ui/portal';
import { useQuery } from '@tanstack/react-query';
import { AREA } from '../../../api/client';
import { CBR_STEP, CBR_TEXT, cbrCimQuery, useDownloadCbrCim } from '../api';

/**
 * Buyer step 5 (id 4), CBR/CIM: the Confidential Business Review / Information Memorandum the broker or agent
 * provided, downloaded as a copy stamped with the buyer's name; the download completes the step.
 */
export function CbrCimPage() {
  const q = useQuery(cbrCimQuery());
  const download = useDownloadCbrCim();
  const { progress } = useJourney();
  const state = stepState(CBR_STEP, progress);
  const badge =
    state === 'completed' ? <Badge tone="success">Downloaded</Badge> : state === 'current' ? <Badge tone="info">Available</Badge> : null;
  const doc = q.data?.document ?? null;
  // issue 23 §1: the CIM opens in the in-portal viewer (watermarked page images); opening it completes the step too
  // kept apart from the query: a revocation refetches the screen, the open viewer stays and says so on its next page
  const [viewing, setViewing] = useState<{ id: string; fileName: string } | null>(null);
  const refreshProgress = useProgressRefresh(AREA);

  return (
    <StepFrame stepId={CBR_STEP} badges={badge}>
      <div className="bb-stack">
        <p className="bb-muted">
          The Confidential Business Review (CBR) / Confidential Information Memorandum (CIM) describes the business in detail. Your copy carries
          your name and the date; please keep it confidential under your NDA.
        </p>
        <Card title="CBR/CIM document">
          {q.isPending ? (
            <Loading />
          ) : q.isError ? (
            <LoadError message="Failed to load data" onRetry={() => void q.refetch()} error={q.error} />
          ) : doc ? (
            <div className="bb-stack">
              <p>
                <strong>{doc.fileName}</strong>
                <br />
                <span className="bb-muted">
                  {formatFileSize(doc.fileSize)} · {formatDateTime(doc.uploadedAt)} · Provided by: {doc.uploader.name} ({doc.uploader.role})
                </span>
              </p>
              <div className="bb-row">
                <Button variant={doc.canDownload === false ? 'primary' : 'secondary'} onClick={() => setViewing({ id: doc.id, fileName: doc.fileName })}>
                  View CBR/CIM
                </Button>
                {doc.canDownload !== false && (
                  <Button onClick={() => download.mutate(doc)} loading={download.isPending}>
                    Download CBR/CIM
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <Alert tone="info">{CBR_TEXT.none}</Alert>
          )}
        </Card>
        <Dialog
          open={!!viewing}
          onClose={() => {
            setViewing(null);
            refreshProgress();
          }}
          title={viewing?.fileName ?? ''}
          size="lg"
          closeButton
        >
          {viewing && <DocumentViewer area="buyer" documentId={viewing.id} fileName={viewing.fileName} />}
        </Dialog>
      </div>
    </StepFrame>
  );
}
