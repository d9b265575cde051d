import { Alert, Button } from '@brokerage/ui';

/** A failed load: the screen's error text and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
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
