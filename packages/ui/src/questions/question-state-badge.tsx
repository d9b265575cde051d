import type { QuestionState } from '@brokerage/contracts/questions';
import { Badge, type BadgeProps } from '@brokerage/ui';

const STATE_TONE: Record<QuestionState, BadgeProps['tone']> = { Open: 'warning', 'With seller': 'info', Answered: 'navy', Released: 'success' };

/** A question's state (Open, With seller, Answered, Released) in its colour. */
export function QuestionStateBadge({ state }: { state: QuestionState }) {
  return (
    <Badge tone={STATE_TONE[state]} data-testid="question-state">
      {state}
    </Badge>
  );
}
