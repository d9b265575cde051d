import type { StepChange } from './step-change.js';

/** The 11-step journeys (spec part 2 §1, §4): ids 0..10 in data, shown as 1..11 on screen. */
export interface StepDef {
  id: number;
  name: string;
  /** Absolute path, e.g. /seller/messages */
  path: string;
  /** Previous button target (absolute path); none when the screen has no Previous. */
  prev?: string;
  /** Next button target; none when the screen has no Next. */
  next?: string;
  /** Label of the Next button ("Return to Dashboard" on the last step). */
  nextLabel?: string;
  /** Next is enabled only once this step is completed (spec part 2 §2, "where stated"). */
  nextRequiresCompleted?: boolean;
}

export type JourneyArea = 'seller' | 'buyer';

export interface JourneyProgress {
  currentStep: number;
  /** completed flag per step id */
  completed: boolean[];
  totalSteps: number;
  /** Per step id, who completed (or last reopened) it and when, when the answer says (StepChangeNote). */
  changes?: Array<StepChange | null>;
}

export type StepState = 'completed' | 'current' | 'accessible' | 'locked';

export const TOTAL_STEPS = 11;

/**
 * Builds a journey's step list from the contracts' titles and paths: Previous/Next follow the step order, the last
 * step's Next is "Return to Dashboard" (home), and the screens listed in `noNav` (home, messages) have neither button.
 */
export function defineJourney(o: {
  home: string;
  steps: ReadonlyArray<{ id: number; title: string; path: string }>;
  nextRequiresCompleted: readonly number[];
  noNav: readonly number[];
}): StepDef[] {
  const last = o.steps.length - 1;
  return o.steps.map(({ id, title, path }) => {
    const step: StepDef = { id, name: title, path };
    if (o.noNav.includes(id)) return step;
    step.prev = o.steps[id - 1]?.path;
    step.next = id === last ? o.home : o.steps[id + 1]?.path;
    if (id === last) step.nextLabel = 'Return to Dashboard';
    step.nextRequiresCompleted = o.nextRequiresCompleted.includes(id);
    return step;
  });
}

/** Progress before anything is known (or when the server has no progress yet): only step 1 open. */
export function initialProgress(total = TOTAL_STEPS): JourneyProgress {
  return { currentStep: 0, completed: Array.from({ length: total }, () => false), totalSteps: total };
}

/**
 * Reads the progress payload of GET /seller/progress or /buyer/progress, tolerant of the shapes
 * `{currentStep, steps:[{id|stepId, completed}]}`, `{progress:{…}}` or `{data:{…}}`. Anything else → initialProgress().
 */
export function normalizeProgress(raw: unknown): JourneyProgress {
  const base = initialProgress();
  if (!raw || typeof raw !== 'object') return base;
  const r = raw as Record<string, unknown>;
  const inner = (r.progress ?? r.data ?? r) as Record<string, unknown>;
  if (!inner || typeof inner !== 'object') return base;
  const total = typeof inner.totalSteps === 'number' && inner.totalSteps > 0 ? inner.totalSteps : TOTAL_STEPS;
  const out = initialProgress(total);
  const cur = Number(inner.currentStep);
  out.currentStep = Number.isFinite(cur) ? Math.max(0, Math.min(total - 1, Math.floor(cur))) : 0;
  if (Array.isArray(inner.steps)) {
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    inner.steps.forEach((s, i) => {
      if (!s || typeof s !== 'object') return;
      const st = s as Record<string, unknown>;
      const id = typeof st.id === 'number' ? st.id : typeof st.stepId === 'number' ? st.stepId : i;
      if (id < 0 || id >= total) return;
      out.completed[id] = st.completed === true;
      if (str(st.completedAt) || str(st.reopenedAt)) {
        out.changes ??= Array.from({ length: total }, () => null);
        out.changes[id] = {
          completed: st.completed === true,
          completedAt: str(st.completedAt),
          completedByName: str(st.completedByName),
          reopenedAt: str(st.reopenedAt),
          reopenedByName: str(st.reopenedByName),
        };
      }
    });
  }
  return out;
}

/** Accessible if the step id is at or below the current step (spec part 2 §4). */
export function isAccessible(stepId: number | null | undefined, p: JourneyProgress): boolean {
  return stepId === null || stepId === undefined || stepId <= p.currentStep;
}

export function stepState(stepId: number, p: JourneyProgress): StepState {
  if (p.completed[stepId]) return 'completed';
  if (stepId === p.currentStep) return 'current';
  if (stepId < p.currentStep) return 'accessible';
  return 'locked';
}

export type StepStatus = 'Finished' | 'In Progress' | 'Not Available';

/**
 * The status badge: Finished (completed flag), In Progress (the current step), Not Available otherwise (spec part 2
 * §2). `finishedOncePast`: also Finished once the journey is beyond the step (the seller's Messages step, §4).
 */
export function stepStatus(stepId: number, p: JourneyProgress, { finishedOncePast = false } = {}): StepStatus {
  if (p.completed[stepId] || (finishedOncePast && p.currentStep > stepId)) return 'Finished';
  return stepId === p.currentStep ? 'In Progress' : 'Not Available';
}

/** Steps whose completed flag is set. */
export function completedCount(p: JourneyProgress): number {
  return p.completed.filter(Boolean).length;
}

/** Percentage = current step / (step count − 1). */
export function progressPercent(p: JourneyProgress): number {
  return p.totalSteps > 1 ? (p.currentStep / (p.totalSteps - 1)) * 100 : 0;
}

/** What a step link passes along (spec part 2 §2 "Sidebar and shell"). */
export interface StepLinkState {
  stepAccessible: boolean;
  stepCompleted: boolean;
  currentStep: number;
  stepId: number | null;
}

export function stepLinkState(stepId: number | null, p: JourneyProgress): StepLinkState {
  return {
    stepAccessible: isAccessible(stepId, p),
    stepCompleted: stepId === null ? false : !!p.completed[stepId],
    currentStep: p.currentStep,
    stepId,
  };
}
