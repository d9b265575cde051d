import { Alert, Button, Card, Loading } from '@brokerage/ui';
import { Checklist, ClosingInfo, LoadError, StepFrame, stepState, useCurrentListing, useJourney } from '@brokerage/ui/portal';
import { PRE_CLOSE_STEP, PRE_CLOSE_TEXT, useTogglePreCloseStep } from '../api';

/**
 * Seller step 9 (id 8), Pre Close Checklist (spec part 2 §2, §4): the closing information, the shared checklist of the
 * selected listing with the seller role fixed (other parties' ticks appear live), and — once the current step is 8 or
 * more — the Mark as Complete / Mark as Incomplete toggle, the only way this step changes.
 */
export function PreCloseChecklistPage() {
  const { progress } = useJourney();
  const current = useCurrentListing('seller');
  const toggle = useTogglePreCloseStep();
  const done = stepState(PRE_CLOSE_STEP, progress) === 'completed';
  const listing = current.data?.listing ?? null;

  return (
    <StepFrame stepId={PRE_CLOSE_STEP}>
      {current.isPending ? (
        <Loading />
      ) : current.isError && !listing ? (
        // A failed read (nothing cached) is not "no listing": say so and offer Retry (also before step 9; only the
        // server's 409 "Complete previous steps to unlock" shows the step as locked).
        <LoadError message="Failed to load data" onRetry={() => void current.refetch()} error={current.error} />
      ) : !listing ? (
        <Alert tone="info">{PRE_CLOSE_TEXT.noListing}</Alert>
      ) : (
        <div className="bb-stack">
          <ClosingInfo listingTitle={listing.title} />
          <Checklist listingId={listing.id} role="SELLER" />
          {progress.currentStep >= PRE_CLOSE_STEP && (
            <Card title="Step Status">
              <div className="bb-stack">
                <p className="bb-muted">
                  {done
                    ? 'You marked the pre-close checklist as complete. Mark it as incomplete if anything still needs attention.'
                    : 'When every item you are responsible for is done, mark this step as complete.'}
                </p>
                <div>
                  <Button variant={done ? 'secondary' : 'primary'} onClick={() => toggle.mutate(!done)} loading={toggle.isPending}>
                    {done ? 'Mark as Incomplete' : 'Mark as Complete'}
                  </Button>
                </div>
              </div>
            </Card>
          )}
        </div>
      )}
    </StepFrame>
  );
}
