import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Alert, Badge, Button, Card, ProgressBar, StepBadge } from './basic.js';
import {
  progressPercent,
  stepLinkState,
  stepState,
  type JourneyProgress,
  type StepDef,
  type StepState,
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
    <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '0.1rem' }}>
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
              aria-label={`Step ${s.id + 1}: ${s.name} (${STATE_TEXT[state]})`}
            >
              <span className="bb-step__icon" aria-hidden="true">
                {state === 'completed' ? '✓' : state === 'current' ? <span className="bb-step__dot" /> : s.id + 1}
              </span>
              <span>{s.name}</span>
            </NavLink>
          </li>
        );
      })}
    </ol>
  );
}

export interface StepFrameProps {
  steps: StepDef[];
  stepId: number;
  progress: JourneyProgress;
  title?: ReactNode;
  /** Previous / Next links (absolute paths). */
  prev?: string;
  next?: string;
  /** Next enabled only once the step is completed. */
  nextRequiresCompleted?: boolean;
  /** Extra badges beside the status badge. */
  badges?: ReactNode;
  children: ReactNode;
}

/** The common step screen: progress bar, "Step N of 11", status badge, Preview Mode for locked steps. */
export function StepFrame({ steps, stepId, progress, title, prev, next, nextRequiresCompleted, badges, children }: StepFrameProps) {
  const def = steps.find((s) => s.id === stepId);
  const state = stepState(stepId, progress);
  const locked = state === 'locked';
  const completed = state === 'completed';
  const status =
    completed ? (
      <Badge tone="success">Finished</Badge>
    ) : state === 'current' ? (
      <Badge tone="warning">In Progress</Badge>
    ) : (
      <Badge tone="neutral">Not Available</Badge>
    );
  const nextDisabled = locked || (nextRequiresCompleted && !completed);
  return (
    <article className="bb-stepframe" aria-labelledby="bb-step-title">
      <div className="bb-stepframe__head">
        <div>
          <h1 id="bb-step-title">{title ?? def?.name}</h1>
        </div>
        <div className="bb-stepframe__badges">
          <StepBadge step={stepId + 1} total={progress.totalSteps} />
          {status}
          {badges}
        </div>
      </div>
      <div className="bb-stepframe__progress">
        <ProgressBar
          value={progressPercent(progress)}
          label="Journey progress"
          steps={steps.map((s) => ({ name: s.name, state: stepState(s.id, progress) }))}
        />
      </div>
      {locked && (
        <Alert tone="warning" title="Preview Mode — Step Not Yet Available" className="bb-preview">
          Complete previous steps to unlock
        </Alert>
      )}
      <div className={locked ? 'bb-dimmed' : undefined} aria-disabled={locked || undefined} inert={locked || undefined}>
        {children}
      </div>
      {(prev || next) && (
        <nav className="bb-stepframe__nav" aria-label="Step navigation">
          {prev ? (
            <Link className="bb-btn bb-btn--secondary" to={prev}>
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {next &&
            (nextDisabled ? (
              <Button variant="primary" disabled>
                Next →
              </Button>
            ) : (
              <Link className="bb-btn bb-btn--primary" to={next}>
                Next →
              </Link>
            ))}
        </nav>
      )}
    </article>
  );
}

/**
 * A step route until its real screen lands: the common step frame around a "coming soon" body. `homePath` is where
 * the last step's Next (Return to Dashboard) leads.
 */
export function StepPlaceholder({ steps, stepId, progress, homePath, nextRequiresCompleted }: {
  steps: StepDef[];
  stepId: number;
  progress: JourneyProgress;
  homePath: string;
  nextRequiresCompleted: ReadonlySet<number>;
}) {
  const step = steps[stepId];
  return (
    <StepFrame
      steps={steps}
      stepId={stepId}
      progress={progress}
      title={step.name}
      prev={steps[stepId - 1]?.path}
      next={stepId === steps.length - 1 ? homePath : steps[stepId + 1]?.path}
      nextRequiresCompleted={nextRequiresCompleted.has(stepId)}
    >
      <Card title={step.name}>
        <p className="bb-muted">This step's screen is coming soon</p>
      </Card>
    </StepFrame>
  );
}
