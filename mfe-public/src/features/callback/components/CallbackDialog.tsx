import { useId, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CALLBACK_FAILURE, CALLBACK_SUCCESS, callbackRequestSchema, type CallbackRequest } from '@brokerage/contracts';
import { Button, Dialog, FormErrorMessage, FormErrorScope, TextField, useFormErrors } from '@brokerage/ui';
import { firstErrorMessage, showFieldErrors } from '../../../components/firstError';
import { CALLBACK } from '../../../content';
import { sendCallbackRequest } from '../api';

const EMPTY: CallbackRequest = { firstName: '', lastName: '', email: '', message: '' };
const ORDER = ['firstName', 'lastName', 'email', 'message'] as const;

/**
 * Closed → open → sending → closed and cleared on success; on failure the form stays open (spec part 1 §4).
 * The outcome ("Alert" in the spec's catalogue, its exact texts) is the site's own dialog, not window.alert: an
 * alertdialog whose OK button has the focus; after success it returns the focus to the floating button, after a
 * failure to the form.
 */
export default function CallbackDialog({ open, onClose, returnFocus }: { open: boolean; onClose: () => void; returnFocus?: RefObject<HTMLElement | null> }) {
  const fe = useFormErrors();
  const [notice, setNotice] = useState<{ text: string; sent: boolean } | null>(null);
  const noticeId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CallbackRequest>({ resolver: zodResolver(callbackRequestSchema) as never, defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    async (values) => {
      fe.clear();
      try {
        await sendCallbackRequest(values);
        reset(EMPTY);
        onClose();
        setNotice({ text: CALLBACK_SUCCESS, sent: true });
      } catch {
        setNotice({ text: CALLBACK_FAILURE, sent: false });
      }
    },
    (errs) => showFieldErrors(fe, errs, ORDER, firstErrorMessage(errs, ORDER) ?? CALLBACK_FAILURE),
  );

  const closeNotice = () => {
    const sent = notice?.sent;
    setNotice(null);
    if (sent) setTimeout(() => returnFocus?.current?.focus(), 0);
  };

  return (
    <>
      <Dialog
        open={open}
        closeButton
        onClose={() => {
          fe.clear();
          onClose();
        }}
        title={CALLBACK.title}
      >
        <p className="pub-muted">{CALLBACK.intro}</p>
        <FormErrorScope errors={fe}>
          <FormErrorMessage errors={fe} />
          <form onSubmit={onSubmit} noValidate aria-label={CALLBACK.title}>
            <div className="pub-grid-2">
              <TextField label="First Name" autoComplete="given-name" required {...register('firstName')} />
              <TextField label="Last Name" autoComplete="family-name" required {...register('lastName')} />
            </div>
            <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
            <TextField multiline label="Message" rows={4} {...register('message')} />
            <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'SEND US A MESSAGE'}
            </button>
          </form>
        </FormErrorScope>
      </Dialog>
      <Dialog
        open={notice !== null}
        role="alertdialog"
        title={CALLBACK.title}
        describedBy={noticeId}
        onClose={closeNotice}
        className="pub-callback-notice"
        actions={<Button onClick={closeNotice}>OK</Button>}
      >
        <p id={noticeId}>{notice?.text}</p>
      </Dialog>
    </>
  );
}
