import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CALLBACK_FAILURE, CALLBACK_SUCCESS, callbackRequestSchema, type CallbackRequest } from '@brokerage/contracts';
import { Alert, Dialog, TextField } from '@brokerage/ui';
import { firstErrorMessage } from '../../../components/firstError';
import { CALLBACK } from '../../../content';
import { sendCallbackRequest } from '../api';

const EMPTY: CallbackRequest = { firstName: '', lastName: '', email: '', message: '' };

/**
 * Closed → open → sending → closed and cleared on success; on failure the form stays open (spec part 1 §4).
 * Outcomes are announced with window.alert, as the spec's catalogue says "Alert".
 */
export default function CallbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CallbackRequest>({ resolver: zodResolver(callbackRequestSchema) as never, defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    async (values) => {
      setError(null);
      try {
        await sendCallbackRequest(values);
        window.alert(CALLBACK_SUCCESS);
        reset(EMPTY);
        onClose();
      } catch {
        window.alert(CALLBACK_FAILURE);
      }
    },
    (errs) => setError(firstErrorMessage(errs, ['firstName', 'lastName', 'email', 'message'])),
  );

  return (
    <Dialog
      open={open}
      closeButton
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={CALLBACK.title}
    >
      <p className="pub-muted">{CALLBACK.intro}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate aria-label={CALLBACK.title}>
        <div className="pub-grid-2">
          <TextField label="First Name" autoComplete="given-name" required invalid={!!errors.firstName} {...register('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" required invalid={!!errors.lastName} {...register('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required invalid={!!errors.email} {...register('email')} />
        <TextField multiline label="Message" rows={4} {...register('message')} />
        <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'SEND US A MESSAGE'}
        </button>
      </form>
    </Dialog>
  );
}
