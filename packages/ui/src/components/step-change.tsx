import { formatDateTime } from '../format-date.js';

/** Who changed a step and when, as the progress answers carry it (GET /seller|buyer/progress and the staff views). */
export interface StepChange {
  completed: boolean;
  completedAt: string | null;
  completedByName?: string | null;
  reopenedAt?: string | null;
  reopenedByName?: string | null;
}

/**
 * "Completed by Morgan Broker on Nov 27, 2026 9:15 AM" for a completed step; for an open step the broker reopened,
 * "Reopened by Morgan Broker on …"; null when there is nothing to say. Dates: date-fns `MMM d, yyyy h:mm a`.
 */
export function stepChangeText(s: StepChange | null | undefined): string | null {
  if (!s) return null;
  if (s.completed) {
    const at = formatDateTime(s.completedAt);
    if (!at) return null;
    return s.completedByName ? `Completed by ${s.completedByName} on ${at}` : `Completed on ${at}`;
  }
  const at = formatDateTime(s.reopenedAt);
  if (!at) return null;
  return s.reopenedByName ? `Reopened by ${s.reopenedByName} on ${at}` : `Reopened on ${at}`;
}

/** The step-change line (see stepChangeText), or nothing. */
export function StepChangeNote({ step, className }: { step: StepChange | null | undefined; className?: string }) {
  const text = stepChangeText(step);
  if (!text) return null;
  return (
    <span className={className ? `bb-muted ${className}` : 'bb-muted'} data-testid="step-change">
      {text}
    </span>
  );
}
