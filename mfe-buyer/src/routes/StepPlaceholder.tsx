import { Card, StepFrame, type JourneyProgress } from '@brokerage/ui';
import { BUYER_NEXT_REQUIRES_COMPLETED, BUYER_STEPS } from '../steps';

/** A step route until its real screen lands: the common step frame around a placeholder body. */
export function StepPlaceholder({ stepId, progress }: { stepId: number; progress: JourneyProgress }) {
  const step = BUYER_STEPS[stepId];
  const prev = BUYER_STEPS[stepId - 1]?.path;
  const next = BUYER_STEPS[stepId + 1]?.path ?? undefined;
  return (
    <StepFrame
      steps={BUYER_STEPS}
      stepId={stepId}
      progress={progress}
      title={step.name}
      prev={prev}
      next={stepId === BUYER_STEPS.length - 1 ? '/buyer' : next}
      nextRequiresCompleted={BUYER_NEXT_REQUIRES_COMPLETED.has(stepId)}
    >
      <Card title={step.name}>
        <p className="bb-muted">This step's screen is coming soon</p>
      </Card>
    </StepFrame>
  );
}
