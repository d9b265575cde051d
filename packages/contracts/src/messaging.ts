import { z } from 'zod';
import { MAX_UPLOAD_FILE_BYTES } from './file-kinds.js';
import { contactsResponseSchema } from './people.js';

/**
 * In-app messaging (spec part 2 §2, §3 Message, §7 Messaging; part 3 §2, §7). UI texts of the public forms stay in
 * messages.ts; these are the messaging routes' schemas, limits and messages.
 */

export const MESSAGING_MSG = {
  recipientRequired: 'Recipient is required',
  subjectRequired: 'Subject is required',
  contentRequired: 'Message is required',
  subjectTooLong: 'Subject must be at most 200 characters',
  contentTooLong: 'Message must be at most 20000 characters',
  notContact: 'You cannot message this user',
  notFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  sent: 'Message sent successfully',
  markedRead: 'Message marked as read',
  deleted: 'Message deleted successfully',
  invalidCursor: 'Invalid cursor',
  notMultipart: 'Send the message as multipart/form-data',
  brokenMultipart: 'The upload was malformed or cut off',
  unknownField: (name: string) => `Unknown form field: ${name}`,
  fieldAfterFile: 'Send the form fields before the files',
  tooManyFiles: (max: number) => `Attach up to ${max} files`,
  badExtension: (file: string, allowed: readonly string[]) => `${file}: file type not allowed (allowed: ${allowed.join(', ')})`,
  contentMismatch: (file: string) => `${file}: the file's content does not match its extension`,
  tooLarge: (file: string, mb: number) => `${file}: file is larger than ${mb} MB`,
  empty: (file: string) => `${file}: file is empty`,
  fileNameTooLong: (max: number) => `File names must be at most ${max} characters`,
  noRecipient: 'No agent or broker to write to',
} as const;

/** Attachments: the documents allow-list (part 2 §5) and limits. */
export const MESSAGE_ATTACHMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png'] as const;
export const MESSAGE_LIMITS = {
  maxFileBytes: MAX_UPLOAD_FILE_BYTES,
  maxFiles: 10,
  maxFileNameChars: 255,
  subjectChars: 200,
  contentChars: 20_000,
  pageSize: 50,
} as const;

const uuidField = (label: string, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(36, `${label} must be a uuid`).pipe(z.uuid(`${label} must be a uuid`));

/** The text fields of POST /messages/send (multipart; the files are the repeated `attachments` part). */
export const sendMessageFieldsSchema = z.object({
  receiverId: uuidField('receiverId', MESSAGING_MSG.recipientRequired),
  subject: z.string({ error: MESSAGING_MSG.subjectRequired }).trim().min(1, MESSAGING_MSG.subjectRequired).max(MESSAGE_LIMITS.subjectChars, MESSAGING_MSG.subjectTooLong),
  content: z.string({ error: MESSAGING_MSG.contentRequired }).trim().min(1, MESSAGING_MSG.contentRequired).max(MESSAGE_LIMITS.contentChars, MESSAGING_MSG.contentTooLong),
});
export type SendMessageFields = z.infer<typeof sendMessageFieldsSchema>;

/**
 * POST /buyer/email-agent (defined: the spec shows no body): {subject, content} → a message to the agent of the
 * buyer's selected listing, else to the broker. Same answer as /messages/send; counts as the buyer's step 2.
 */
export const emailAgentSchema = sendMessageFieldsSchema.pick({ subject: true, content: true });
export type EmailAgentRequest = z.infer<typeof emailAgentSchema>;

/** GET /messages/inbox|sent?cursor= (cursor: the nextCursor of the previous page). */
export const messagesQuerySchema = z.object({
  cursor: z.string().max(200, MESSAGING_MSG.invalidCursor).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageIdParamsSchema = z.object({ id: z.string().max(36, MESSAGING_MSG.notFound) });
export const attachmentParamsSchema = z.object({
  id: z.string().max(36, MESSAGING_MSG.notFound),
  attachmentId: z.string().max(36, MESSAGING_MSG.attachmentNotFound),
});

// ---- answers ----

export const messageAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Download through the API (sender or receiver only): /api/messages/{id}/attachments/{attachmentId}. */
  fileUrl: z.string(),
  fileSize: z.number(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const MESSAGE_SOURCES = ['PORTAL', 'WEBSITE'] as const;
export const messageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  /** Null for a Website message (contact form / call-back request) from a visitor. */
  senderId: z.string().nullable(),
  senderName: z.string(),
  receiverId: z.string(),
  receiverName: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  attachments: z.array(messageAttachmentSchema),
  /** WEBSITE: a contact-form message or call-back request, shown as "Website" in the broker's inbox. */
  source: z.enum(MESSAGE_SOURCES),
  /** Website messages: the visitor's e-mail (and phone for the contact form), to answer outside the portal. */
  senderEmail: z.string().optional(),
  senderPhone: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /messages/unread-count (defined: the sidebar's badge): unread messages in the caller's inbox (Website items too). */
export const unreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const sendMessageResponseSchema = z.object({ message: z.string(), data: messageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

// ---- identity internal API used by messaging ----

/** GET /internal/users/{id}/contacts (identity): the users {id} may message (GET /users's rule for that user). */
export const IDENTITY_CONTACTS_PATH = (userId: string) => `/internal/users/${encodeURIComponent(userId)}/contacts`;
export const internalContactsResponseSchema = contactsResponseSchema;

// ---- live events (issue 9 §2): messaging writes, the gateway's GET /api/events streams them ----

/**
 * One user's live events: a Redis stream (capped, for replay after a reconnect with Last-Event-ID) and a pub/sub
 * channel of the same name carrying `{streamId} {json}` (live fan-out to every gateway replica).
 */
export const userEventsKey = (userId: string) => `events:user:${userId}`;
export const USER_EVENTS_PATTERN = 'events:user:*';
export const USER_EVENTS_MAXLEN = 1000;
/**
 * Writes one event to the streams of one or more users: for each key (KEYS = userEventsKey of each, ARGV[1] = json,
 * ARGV[2] = MAXLEN) XADD and PUBLISH `{id} {json}` on the channel of the same name, atomically (ids reach subscribers
 * in order); answers the last id. Publishers register it once with ioredis defineCommand (EVALSHA: the script is not
 * sent with every event), and a fan-out to a listing's parties is one command, not one per party.
 */
export const USER_EVENT_LUA = `
local id
for _, key in ipairs(KEYS) do
  id = redis.call('XADD', key, 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[1])
  redis.call('PUBLISH', key, id .. ' ' .. ARGV[1])
end
return id`;
export const liveEventSchema = z.discriminatedUnion('type', [
  /** To the receiver: a message arrived (no content: the inbox reloads over HTTP). */
  z.object({ type: z.literal('message.new'), messageId: z.string(), senderName: z.string(), at: z.string() }),
  /** To the sender: the receiver opened it. */
  z.object({ type: z.literal('message.read'), messageId: z.string(), at: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
