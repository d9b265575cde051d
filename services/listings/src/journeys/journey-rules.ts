import { JOURNEY_STEPS, TOTAL_STEPS, type JourneyKind, type Progress } from '@brokerage/contracts';

/** One journey (user × listing) as stored: the cursor and, per step, when and by whom it was completed. */
export interface JourneyState {
  userId: string;
  listingId: string;
  kind: JourneyKind;
  currentStep: number;
  completedAt: (Date | null)[];
  completedBy: (string | null)[];
}

export function emptyJourney(userId: string, listingId: string, kind: JourneyKind): JourneyState {
  return {
    userId,
    listingId,
    kind,
    currentStep: 0,
    completedAt: Array.from({ length: TOTAL_STEPS }, () => null),
    completedBy: Array.from({ length: TOTAL_STEPS }, () => null),
  };
}

/**
 * Completes a step. Completing the current step moves the cursor past it and past any later step an event already
 * completed; completing another step only records it. Returns false when it was already completed.
 */
export function completeStep(s: JourneyState, stepId: number, by: string, at = new Date()): boolean {
  if (s.completedAt[stepId]) return false;
  s.completedAt[stepId] = at;
  s.completedBy[stepId] = by;
  if (stepId === s.currentStep) {
    let cur = stepId;
    while (cur < TOTAL_STEPS - 1 && s.completedAt[cur]) cur++;
    s.currentStep = cur;
  }
  return true;
}

/** Reopens a step: not completed any more and, when it lies behind the cursor, the current step again. */
export function reopenStep(s: JourneyState, stepId: number): boolean {
  const was = !!s.completedAt[stepId];
  s.completedAt[stepId] = null;
  s.completedBy[stepId] = null;
  const moved = stepId < s.currentStep;
  if (moved) s.currentStep = stepId;
  return was || moved;
}

export const isAccessible = (s: JourneyState, stepId: number) => stepId <= s.currentStep;
export const completedCount = (s: JourneyState) => s.completedAt.filter(Boolean).length;

export function toProgress(s: JourneyState, selectedListingId: string | null): Progress {
  return {
    currentStep: s.currentStep,
    steps: JOURNEY_STEPS[s.kind].map((d) => ({
      id: d.id,
      title: d.title,
      completed: !!s.completedAt[d.id],
      completedAt: s.completedAt[d.id]?.toISOString() ?? null,
      completedBy: s.completedBy[d.id] ?? null,
      // names and the last reopen: StepHistory.annotate (the views that show them)
      completedByName: null,
      reopenedBy: null,
      reopenedByName: null,
      reopenedAt: null,
    })),
    selectedListingId,
    totalSteps: TOTAL_STEPS,
    completedSteps: completedCount(s),
  };
}
