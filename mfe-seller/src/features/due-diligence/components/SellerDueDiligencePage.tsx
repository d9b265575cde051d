import { Alert, Card, Loading } from '@brokerage/ui';
import { DocumentList, LoadError, StepFrame, stepState, useCurrentListing, useJourney } from '@brokerage/ui/portal';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { AREA } from '../../../api/client';
import { useQuery } from '@tanstack/react-query';
import { DUE_DILIGENCE_STEP, openRequestsQuery, sellerDueDiligenceQuery, useDeleteDdFile } from '../api';
import { DdUploadCard } from './DdUploadCard';
import { DueDiligenceCategories } from './DueDiligenceCategories';
import { OpenRequests } from './OpenRequests';

/**
 * Seller step 8 of 11 (id 7), Due Diligence: the categories buyers may ask for, the buyers' open requests, a
 * multi-file upload and the uploaded files (name, size, date, delete). Badge: Completed, In Progress (current step is
 * exactly 7) or Not Available; the first upload completes the step.
 */
export function SellerDueDiligencePage() {
  const { progress } = useJourney();
  const current = useCurrentListing(AREA);
  const listingId = current.data?.needsSelection ? null : (current.data?.listing?.id ?? null);
  const view = useQuery(sellerDueDiligenceQuery());
  const requests = useQuery(openRequestsQuery(listingId));
  const remove = useDeleteDdFile(listingId);
  const completed = stepState(DUE_DILIGENCE_STEP, progress) === 'completed';

  const files = view.data?.documents ?? [];
  const requested = new Set((requests.data?.requests ?? []).map((r) => r.documentName as string));
  const supplied = new Set(files.map((d) => d.documentName ?? ''));

  return (
    <StepFrame stepId={DUE_DILIGENCE_STEP} finishedLabel="Completed">
      <div className="bb-stack">
        <p className="bb-muted">
          During due diligence (typically 30-45 days from signing) buyers check the business before closing. Upload what they ask for here; your
          broker or agent passes it on. {completed ? 'This step is complete; you can keep adding files.' : 'Your first upload completes this step.'}
        </p>
        {current.isError && !listingId ? (
          // A failed read of the current listing: say so (the open requests would otherwise wait forever).
          <LoadError message="Failed to load data" onRetry={() => void current.refetch()} />
        ) : current.isSuccess && !listingId ? (
          <Alert tone="warning">{DOCUMENT_MSG.noListing}</Alert>
        ) : (
          <OpenRequests q={requests} />
        )}
        <DdUploadCard listingId={listingId} />
        <Card title="Uploaded files">
          {view.isPending ? (
            <Loading />
          ) : view.isError ? (
            <LoadError message="Failed to load data" onRetry={() => void view.refetch()} />
          ) : (
            <DocumentList
              label="Uploaded due diligence files"
              documents={files.map((d) => ({ ...d, fileName: d.documentName ? `${d.fileName} (${d.documentName})` : d.fileName }))}
              empty="No files uploaded yet."
              viewer="seller"
              confirm="file"
              onDelete={(d) => remove.mutateAsync(d.id)}
            />
          )}
        </Card>
        <DueDiligenceCategories requested={requested} supplied={supplied} />
      </div>
    </StepFrame>
  );
}
