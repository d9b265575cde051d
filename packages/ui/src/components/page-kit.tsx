import { createContext, useContext } from 'react';
import { ApiError } from '@brokerage/api-client';
import { JOURNEY_MSG } from '@brokerage/contracts/journeys';
import { Alert, Button } from '@brokerage/ui';

/**
 * A read the server refused because the caller's journey has not reached its step yet (409 "Complete previous steps to
 * unlock": a buyer before their NDA, a step ahead of the current one). Not a failure: the step is locked.
 */
export const isLockedError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.message === JOURNEY_MSG.notAccessible;

/**
 * True inside the content of a locked step (StepFrame's Preview Mode). It does not make a failed read the lock: only the
 * server's 409 "Complete previous steps to unlock" is; a 5xx or network failure there is still "Failed to load data".
 * It makes the lock's notice quiet there (StepLockedNotice): the frame shows the one "Step Not Yet Available" alert.
 */
export const StepLockedContext = createContext(false);

/**
 * What a locked step shows where its data would be. Inside a locked StepFrame the frame's Preview Mode notice already
 * says "Step Not Yet Available" (spec part 2: one yellow notice): the content says the lock quietly, no second alert.
 */
export function StepLockedNotice() {
  const inLockedStep = useContext(StepLockedContext);
  if (inLockedStep) {
    return (
      <p className="bb-muted" data-testid="step-locked">
        {JOURNEY_MSG.notAccessible}
      </p>
    );
  }
  return (
    <Alert tone="warning" title="Step Not Yet Available" data-testid="step-locked">
      {JOURNEY_MSG.notAccessible}
    </Alert>
  );
}

/**
 * A failed load: the screen's error text and a Retry button. A read the server refused because the step is locked
 * (`error` a 409 "Complete previous steps to unlock") shows the step as locked instead. Any other failure (5xx, network,
 * another 4xx) says so with Retry, also inside a locked StepFrame: the lock does not explain it.
 */
export function LoadError({ message, onRetry, error }: { message: string; onRetry: () => void; error?: unknown }) {
  if (isLockedError(error)) return <StepLockedNotice />;
  return (
    <Alert tone="error">
      <p style={{ margin: '0 0 0.5rem' }}>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** A form's submit and Cancel buttons (submit shows a spinner while saving). */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="bb-row">
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
    </div>
  );
}
