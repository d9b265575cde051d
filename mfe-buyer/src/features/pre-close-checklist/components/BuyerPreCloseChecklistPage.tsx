import { Alert, Badge, Button, Card, Loading, toast } from '@brokerage/ui';
import { Checklist, ClosingInfo, LOAD_FAILED_TEXT, LoadError, StepFrame, stepState, useCurrentListing, useJourney } from '@brokerage/ui/portal';
import { PRE_CLOSE_STEP, PRE_CLOSE_TEXT, useMarkPreCloseComplete } from '../api';

/**
 * Buyer step 9 (id 8), Pre Close Checklist (spec part 2 §2, §4; part 3 §2, §4): closing information, the shared checklist
 * of the selected listing (other parties' ticks appear live), the Mark as Complete card (a listing selected and the
 * current step 8 or more) and the critical-deadline note. Next is always enabled.
 */
export function BuyerPreCloseChecklistPage() {
  const { progress } = useJourney();
  const current = useCurrentListing('buyer');
  const mark = useMarkPreCloseComplete();
  const done = stepState(PRE_CLOSE_STEP, progress) === 'completed';
  const open = progress.currentStep >= PRE_CLOSE_STEP;
  const listing = current.data?.listing ?? null;
  const badge = done ? (
    <Badge tone="success">Finished</Badge>
  ) : open ? (
    <Badge tone="info">{PRE_CLOSE_TEXT.available}</Badge>
  ) : (
    <Badge>Not Available</Badge>
  );

  const onMark = () => {
    if (done) toast.info(PRE_CLOSE_TEXT.alreadyCompleted);
    else mark.mutate();
  };

  return (
    <StepFrame stepId={PRE_CLOSE_STEP}>
      {current.isPending ? (
        <Loading />
      ) : current.isError && !listing ? (
        // A failed read of the current listing (nothing cached) is not "no listing selected": say so, with Retry.
        <LoadError message={LOAD_FAILED_TEXT} onRetry={() => void current.refetch()} error={current.error} />
      ) : (
        <div className="bb-stack">
          <ClosingInfo listingTitle={listing?.title ?? PRE_CLOSE_TEXT.noListingTitle} listingPlace="middle" />
          {!listing ? (
            <Alert tone="info">{PRE_CLOSE_TEXT.noListing}</Alert>
          ) : (
            <>
              <Checklist listingId={listing.id} role="BUYER" />
              {open && (
                <Card title="Mark as Complete">
                  <div className="bb-stack">
                    <p>Step status: {badge}</p>
                    <p className="bb-muted">
                      When the checklist items you are responsible for are done, mark the pre-close checklist as complete.
                    </p>
                    <div>
                      <Button onClick={onMark} loading={mark.isPending}>
                        Mark as Complete
                      </Button>
                    </div>
                  </div>
                </Card>
              )}
            </>
          )}
          <Alert tone="warning" title="Critical deadline">
            Every required item must be completed before the scheduled closing date. An item left open can delay or cancel the closing, so
            tell your broker or agent at once if something is held up.
          </Alert>
        </div>
      )}
    </StepFrame>
  );
}
