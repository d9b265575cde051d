import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailAgentSchema, type EmailAgentRequest } from '@brokerage/contracts/messaging';
import { Button, Dialog, TextField } from '@brokerage/ui';
import { useWriteToBroker } from '../api';

/** A short message to the buyer's broker or agent (Contact Support, Share Your Success Story), sent to their inbox. */
export function WriteToBrokerDialog({ open, title, subject, onClose }: { open: boolean; title: string; subject: string; onClose: () => void }) {
  const form = useForm<EmailAgentRequest>({ resolver: zodResolver(emailAgentSchema), defaultValues: { subject, content: '' } });
  const send = useWriteToBroker(onClose);
  useEffect(() => {
    if (open) form.reset({ subject, content: '' });
  }, [open, subject, form]);
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={onClose} title={title} closeButton>
      <form className="bb-stack" noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))} aria-label={title}>
        <TextField label="Subject" invalid={!!errors.subject} hint={errors.subject?.message} {...form.register('subject')} />
        <TextField label="Message" multiline rows={5} invalid={!!errors.content} hint={errors.content?.message} {...form.register('content')} />
        <div className="bb-row">
          <Button type="submit" loading={send.isPending}>
            Send to your broker
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
