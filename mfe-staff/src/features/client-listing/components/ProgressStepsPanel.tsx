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
 * by Morgan Broker on Nov 27, 2026 9:15 AM"), one compact row per step (issue 19 §3). The broker may complete a step the
 * client can reach or reopen a completed one (the listings service's journey engine decides where the current step
 * goes); a step not available yet has no action here; the agent's view is read-only (spec part 3 §1).
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
    <Card title={PROGRESS_TEXT.progressTitle(r.kind)} className="staff-progress__panel staff-progress__steps-panel">
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
          <ol className={`staff-steps${canChange ? ' staff-steps--actions' : ''}`} aria-label={`${PROGRESS_TEXT.who(r.kind)} steps`}>
            {view.steps.map((s) => {
              const state = stateOf(s, view.currentStep);
              const title = titles[s.id]?.title ?? s.title;
              const name = `step ${s.id + 1}: ${title}`;
              // One action per row, the broker's only: Reopen a completed step, Complete one the client can reach
              // (the current step stands out); nothing on a step not available yet.
              const action = !canChange || state === 'locked' ? null : s.completed ? (
                <Button size="sm" variant="ghost" loading={busyStep === s.id} disabled={change.isPending} onClick={() => act(s.id, 'reopen')}>
                  Reopen<span className="bb-sr-only"> {name}</span>
                </Button>
              ) : (
                <Button size="sm" variant={state === 'current' ? 'primary' : 'secondary'} loading={busyStep === s.id} disabled={change.isPending} onClick={() => act(s.id, 'complete')}>
                  Complete<span className="bb-sr-only"> {name}</span>
                </Button>
              );
              return (
                <li key={s.id} className={`staff-steps__item staff-steps__item--${state}`} data-step-id={s.id} data-state={state}>
                  <span className="staff-steps__num" aria-hidden="true">
                    {state === 'completed' ? '✓' : s.id + 1}
                  </span>
                  <span className="staff-steps__text">
                    <span className="staff-steps__line">
                      <span className="staff-steps__title">
                        <span className="bb-sr-only">Step {s.id + 1}: </span>
                        {title}
                      </span>
                      <Badge tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Badge>
                    </span>
                    <StepChangeNote step={s} className="staff-steps__note" />
                  </span>
                  {canChange && <span className="staff-steps__action">{action}</span>}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Card>
  );
}
