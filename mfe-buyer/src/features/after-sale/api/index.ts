import { useMutation } from '@tanstack/react-query';
import { apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { MESSAGING_MSG, type EmailAgentRequest } from '@brokerage/contracts/messaging';
import { toast } from '@brokerage/ui';

/** POST /buyer/email-agent {subject, content}: a message to the listing's agent, else the broker (their inbox). */
export function useWriteToBroker(onSent: () => void) {
  return useMutation({
    mutationFn: (body: EmailAgentRequest) => apiFetch<{ message: string }>(apiPath('POST', '/buyer/email-agent'), { method: 'POST', json: body }),
    onSuccess: () => {
      toast.success(MESSAGING_MSG.sent);
      onSent();
    },
    onError: (err) => toast.error(serverMessage(err) ?? 'Failed to send message. Please try again.'),
  });
}
