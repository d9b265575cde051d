import { z } from 'zod';

// ---- issue 9: a new portal message e-mails its receiver a notice (messaging → identity, through messaging's outbox) ----

/** POST (identity, @Roles('SERVICE')): e-mail the receiver that a message arrived. Idempotent by messageId. */
export const NEW_MESSAGE_NOTICE_PATH = '/internal/notices/new-message';

/**
 * The notice command. Never the message's subject or content (they are confidential): the e-mail says who wrote and
 * links to the receiver's Messages screen.
 */
export const newMessageNoticeSchema = z.object({
  messageId: z.uuid('messageId must be a uuid'),
  receiverId: z.uuid('receiverId must be a uuid'),
  senderName: z.string().trim().min(1, 'senderName is required').max(200),
});
export type NewMessageNotice = z.input<typeof newMessageNoticeSchema>;

/** sent: an e-mail went out on this call; duplicate: this messageId was already handled (nothing sent again). */
export const newMessageNoticeAnswerSchema = z.object({ sent: z.boolean(), duplicate: z.boolean() });
export type NewMessageNoticeAnswer = z.infer<typeof newMessageNoticeAnswerSchema>;

/** The notice e-mail's subject. */
export const NEW_MESSAGE_NOTICE_SUBJECT = 'New message in your Crestline portal';
