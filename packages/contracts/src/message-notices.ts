import { z } from 'zod';

// ---- issue 9: a new portal message e-mailed its receiver a notice (messaging → identity, through messaging's outbox) ----

/**
 * The payload of messaging's outbox rows of the old kind `new-message-notice` (written before issue 24): the relay sends
 * them as the `notice` command now (notifications.ts). Never the message's subject or content (they are confidential).
 */
export const newMessageNoticeSchema = z.object({
  messageId: z.uuid('messageId must be a uuid'),
  receiverId: z.uuid('receiverId must be a uuid'),
  senderName: z.string().trim().min(1, 'senderName is required').max(200),
});
export type NewMessageNotice = z.input<typeof newMessageNoticeSchema>;
