import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Alert, Badge, Button, Card, Loading, ProgressBar, StepBadge } from '@brokerage/ui';
import { useJourney, useJourneyIfAny } from './journey-context.js';
import { UnreadMessagesBadge } from './live-messages.js';
import { StepLockedContext } from './page-kit.js';
import { StepChangeNote } from './step-change.js';
import {
  initialProgress,
  progressPercent,
  stepLinkState,
  stepState,
  stepStatus,
  type JourneyProgress,
  type StepDef,
  type StepState,
  type StepStatus,
} from './journey.js';

const STATE_TEXT: Record<StepState, string> = {
  completed: 'completed',
  current: 'current step',
  accessible: 'available',
  locked: 'locked',
};

export interface StepSidebarProps {
  steps: StepDef[];
  progress: JourneyProgress;
}

/** The 11 steps with their colours: completed green + check, current yellow + dot, accessible grey, locked lighter grey. */
export function StepSidebar({ steps, progress }: StepSidebarProps) {
  return (
    <ol className="bb-steps">
      {steps.map((s) => {
        const state = stepState(s.id, progress);
        return (
          <li key={s.id}>
            <NavLink
              to={s.path}
              end
              state={stepLinkState(s.id, progress)}
              className={`bb-step bb-step--${state}`}
              data-state={state}
              data-step-id={s.id}
            >
              <span className="bb-step__icon" aria-hidden="true">
                {state === 'completed' ? '✓' : state === 'current' ? <span className="bb-step__dot" /> : s.id + 1}
              </span>
              {/* Named by its text ("Step 3: Listing Agreement (locked)") so the visible name is part of it. */}
              <span>
                <span className="bb-sr-only">Step {s.id + 1}: </span>
                <span className="bb-step__label">{s.name}</span>
                <span className="bb-sr-only"> ({STATE_TEXT[state]})</span>
              </span>
              {s.path.endsWith('/messages') && <UnreadMessagesBadge />}
            </NavLink>
          </li>
        );
      })}
    </ol>
  );
}

/** The sidebar of the journey this renders in (inside <JourneyProvider>). */
export function JourneySidebar() {
  const { steps, progress } = useJourney();
  return <StepSidebar steps={steps} progress={progress} />;
}

const STATUS_TONE: Record<StepStatus, 'success' | 'warning' | 'neutral'> = {
  Finished: 'success',
  'In Progress': 'warning',
  'Not Available': 'neutral',
};

/** The step's status badge: Finished / In Progress / Not Available from real progress. */
export function StepStatusBadge({ stepId, progress, finishedOncePast, finishedLabel = 'Finished' }: {
  stepId: number;
  progress: JourneyProgress;
  finishedOncePast?: boolean;
  finishedLabel?: 'Finished' | 'Completed';
}) {
  const status = stepStatus(stepId, progress, { finishedOncePast });
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="step-status">
      {status === 'Finished' ? finishedLabel : status}
    </Badge>
  );
}

/** Progress bar over the step names (percentage = current step / (steps − 1)). */
export function JourneyProgressBar({ steps, progress }: { steps: StepDef[]; progress: JourneyProgress }) {
  return (
    <ProgressBar
      value={progressPercent(progress)}
      label="Journey progress"
      steps={steps.map((s) => ({ name: s.name, state: stepState(s.id, progress) }))}
    />
  );
}

export interface StepFrameProps {
  stepId: number;
  title?: ReactNode;
  /** Extra badges beside the status badge. */
  badges?: ReactNode;
  /** The status badge reads Finished once the journey is past this step, completed or not. */
  finishedOncePast?: boolean;
  /** The word of the status badge for a finished step where the spec says "Completed" (seller due diligence). */
  finishedLabel?: 'Finished' | 'Completed';
  children: ReactNode;
  /** Outside a <JourneyProvider> (tests, previews): the steps and progress to show. */
  steps?: StepDef[];
  progress?: JourneyProgress;
}

/**
 * The common step screen (spec part 2 §2): progress bar over the step names, "Step N of 11", status badge, Preview
 * Mode for a locked step (yellow notice, content dimmed and inert), Previous/Next with the step's targets; Next is
 * disabled on a locked step and, where the step says so, until the step is completed.
 */
export function StepFrame({ stepId, title, badges, finishedOncePast, finishedLabel, children, ...explicit }: StepFrameProps) {
  const journey = useJourneyIfAny();
  const steps = explicit.steps ?? journey?.steps ?? [];
  const progress = explicit.progress ?? journey?.progress ?? initialProgress();
  // Until the real progress is known, no Preview Mode flash for a step that may well be open.
  if (!explicit.progress && journey?.isLoading) return <Loading label="Loading your progress..." />;
  const def = steps.find((s) => s.id === stepId);
  const state = stepState(stepId, progress);
  const locked = state === 'locked';
  const nextDisabled = locked || (def?.nextRequiresCompleted && state !== 'completed');
  return (
    <article className="bb-stepframe" aria-labelledby="bb-step-title" data-step-id={stepId} data-state={state}>
      <div className="bb-stepframe__head">
        <h1 id="bb-step-title">{title ?? def?.name}</h1>
        <div className="bb-stepframe__badges">
          <StepBadge step={stepId + 1} total={progress.totalSteps} />
          <StepStatusBadge stepId={stepId} progress={progress} finishedOncePast={finishedOncePast} finishedLabel={finishedLabel} />
          {locked && <Badge tone="warning">Preview Mode</Badge>}
          {badges}
        </div>
      </div>
      <StepChangeNote step={progress.changes?.[stepId]} className="bb-stepframe__change" />
      <div className="bb-stepframe__progress">
        <JourneyProgressBar steps={steps} progress={progress} />
      </div>
      {locked && (
        <Alert tone="warning" title="Step Not Yet Available" className="bb-preview">
          Complete previous steps to unlock
        </Alert>
      )}
      <div className={locked ? 'bb-dimmed' : undefined} aria-disabled={locked || undefined} inert={locked || undefined}>
        <StepLockedContext.Provider value={locked}>{children}</StepLockedContext.Provider>
      </div>
      {def && (def.prev || def.next) && (
        <nav className="bb-stepframe__nav" aria-label="Step navigation">
          {def.prev ? (
            <Link className="bb-btn bb-btn--secondary" to={def.prev} state={stepLinkState(stepId - 1, progress)}>
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {def.next &&
            (nextDisabled ? (
              <Button variant="primary" disabled>
                {def.nextLabel ?? 'Next →'}
              </Button>
            ) : (
              <Link
                className="bb-btn bb-btn--primary"
                to={def.next}
                state={def.nextLabel ? undefined : stepLinkState(stepId + 1, progress)}
              >
                {def.nextLabel ?? 'Next →'}
              </Link>
            ))}
        </nav>
      )}
    </article>
  );
}

/** A step route until its real screen lands (later issues): the real step frame around a "coming soon" body. */
export function StepPlaceholder({ stepId }: { stepId: number }) {
  const { steps } = useJourney();
  const step = steps[stepId]!;
  return (
    <StepFrame stepId={stepId}>
      <Card title={step.name}>
        <p className="bb-muted">This step's screen is coming soon</p>
      </Card>
    </StepFrame>
  );
}
