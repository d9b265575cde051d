import { Alert, Card, Loading } from '@brokerage/ui';
import { DueDiligenceTable, LoadError, QuestionsPanel, StepFrame, useCurrentListing, useProgressRefresh } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { DUE_DILIGENCE_OVERVIEW, DUE_DILIGENCE_STEP, NO_LISTING_TEXT } from '../api';

/**
 * Buyer step 8 of 11 (id 7), Due Diligence: the overview and the shared due-diligence table in buyer mode for the
 * selected listing (request by checkbox, download what staff supplied, "Upload (Disabled)"), then the listing's Q&A
 * (ask, own questions, FAQ; also at /buyer/questions). The server completes
 * the step; progress is reloaded after each change, and Next opens only once it is completed.
 */
export function DueDiligencePage() {
  const current = useCurrentListing(AREA);
  const refreshProgress = useProgressRefresh(AREA);
  const listing = current.data?.listing ?? null;

  return (
    <StepFrame stepId={DUE_DILIGENCE_STEP}>
      <div className="bb-stack">
        <Card title="Due Diligence Overview">
          <div className="bb-stack">
            <p>{DUE_DILIGENCE_OVERVIEW.purpose}</p>
            <p>
              <strong>{DUE_DILIGENCE_OVERVIEW.timeline}</strong>
            </p>
            <div>
              <p>Key areas:</p>
              <ul>
                {DUE_DILIGENCE_OVERVIEW.keyAreas.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </div>
            <p className="bb-muted">{DUE_DILIGENCE_OVERVIEW.howItWorks}</p>
          </div>
        </Card>
        {current.isPending ? (
          <Loading />
        ) : current.isError ? (
          <LoadError message="Failed to load data" onRetry={() => void current.refetch()} error={current.error} />
        ) : !listing || current.data?.needsSelection ? (
          <Alert tone="warning">{NO_LISTING_TEXT}</Alert>
        ) : (
          <>
            <DueDiligenceTable listingId={listing.id} role="BUYER" onChanged={refreshProgress} title={`Due Diligence Documents: ${listing.title}`} />
            <QuestionsPanel listingId={listing.id} role="BUYER" title="Questions about these documents" />
          </>
        )}
      </div>
    </StepFrame>
  );
}
