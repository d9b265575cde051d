import type { UseQueryResult } from '@tanstack/react-query';
import { Badge, Button, Card, Loading, ProgressBar, toast } from '@brokerage/ui';
import { LoadError, StepChangeNote } from '@brokerage/ui/portal';
import { BUYER_STEPS, SELLER_STEPS } from '@brokerage/contracts/journeys';
import type { StaffProgressStep, StaffProgressView } from '@brokerage/contracts/staff-views';
import { useStepChange, type ClientListingRef } from '../api/progress';
import { PROGRESS_TEXT } from './texts';

type StepView = 'completed' | 'current' | 'available' | 'locked';

const STATE_LABEL: Record<StepView, string> = {
  completed: 'Completed',
  current: 'Current step',
  available: 'Available',
  locked: 'Not available',
};
const STATE_TONE: Record<StepView, 'success' | 'warning' | 'info' | 'neutral'> = {
  completed: 'success',
  current: 'warning',
  available: 'info',
  locked: 'neutral',
};

function stateOf(s: StaffProgressStep, currentStep: number): StepView {
  if (s.completed) return 'completed';
  if (s.id === currentStep) return 'current';
  return s.accessible ? 'available' : 'locked';
}

/**
 * The client's 11 steps on this listing with their state and who completed (or last reopened) each, when ("Completed
 * by Morgan Broker on Nov 27, 2026 9:15 AM"). The broker may complete any step or reopen a completed one (the listings
 * service's journey engine decides where the current step goes); the agent's view is read-only (spec part 3 §1).
 */
export function ProgressStepsPanel({ client: r, progress }: { client: ClientListingRef; progress: UseQueryResult<StaffProgressView> }) {
  const change = useStepChange(r);
  const canChange = r.area === 'broker';
  const titles = r.kind === 'sellers' ? SELLER_STEPS : BUYER_STEPS;
  const view: StaffProgressView | undefined = progress.data;
  const busyStep = change.isPending ? change.variables?.stepId : undefined;

  const act = (stepId: number, action: 'complete' | 'reopen') =>
    change.mutate(
      { stepId, action },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: () => toast.error(PROGRESS_TEXT.stepFailed),
      },
    );

  return (
    <Card title={PROGRESS_TEXT.progressTitle(r.kind)} className="staff-progress__panel">
      {progress.isPending ? (
        <Loading label="Loading progress..." />
      ) : !view ? (
        <LoadError message={PROGRESS_TEXT.progressUnavailable} onRetry={() => void progress.refetch()} />
      ) : (
        <>
          <p className="staff-progress__summary">
            Step <strong>{Math.min(view.currentStep + 1, view.totalSteps)}</strong> of {view.totalSteps} ·{' '}
            {view.completedSteps} completed
          </p>
          <ProgressBar value={(view.completedSteps / view.totalSteps) * 100} label={`${PROGRESS_TEXT.who(r.kind)} steps completed`} />
          <ol className="staff-steps" aria-label={`${PROGRESS_TEXT.who(r.kind)} steps`}>
            {view.steps.map((s) => {
              const state = stateOf(s, view.currentStep);
              const title = titles[s.id]?.title ?? s.title;
              const name = `step ${s.id + 1}: ${title}`;
              return (
                <li key={s.id} className={`staff-steps__item staff-steps__item--${state}`} data-step-id={s.id} data-state={state}>
                  <span className="staff-steps__num" aria-hidden="true">
                    {state === 'completed' ? '✓' : s.id + 1}
                  </span>
                  <span className="staff-steps__text">
                    <span className="staff-steps__title">
                      <span className="bb-sr-only">Step {s.id + 1}: </span>
                      {title}
                    </span>
                    <span className="staff-steps__meta">
                      <Badge tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Badge>
                      <StepChangeNote step={s} />
                    </span>
                  </span>
                  {!canChange ? null : s.completed ? (
                    <Button size="sm" variant="secondary" loading={busyStep === s.id} disabled={change.isPending} onClick={() => act(s.id, 'reopen')}>
                      Reopen<span className="bb-sr-only"> {name}</span>
                    </Button>
                  ) : (
                    <Button size="sm" variant="primary" loading={busyStep === s.id} disabled={change.isPending} onClick={() => act(s.id, 'complete')}>
                      Complete<span className="bb-sr-only"> {name}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Card>
  );
}
