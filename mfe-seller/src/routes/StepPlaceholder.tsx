import { Card, StepFrame, type JourneyProgress } from '@brokerage/ui';
import { SELLER_NEXT_REQUIRES_COMPLETED, SELLER_STEPS } from '../steps';

/** A step route until its real screen lands: the common step frame around a placeholder body. */
export function StepPlaceholder({ stepId, progress }: { stepId: number; progress: JourneyProgress }) {
  const step = SELLER_STEPS[stepId];
  const prev = SELLER_STEPS[stepId - 1]?.path;
  const next = SELLER_STEPS[stepId + 1]?.path ?? undefined;
  return (
    <StepFrame
      steps={SELLER_STEPS}
      stepId={stepId}
      progress={progress}
      title={step.name}
      prev={prev}
      next={stepId === SELLER_STEPS.length - 1 ? '/seller' : next}
      nextRequiresCompleted={SELLER_NEXT_REQUIRES_COMPLETED.has(stepId)}
    >
      <Card title={step.name}>
        <p className="bb-muted">This step's screen is coming soon</p>
      </Card>
    </StepFrame>
  );
}
