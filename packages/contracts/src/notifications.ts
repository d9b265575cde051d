import { z } from 'zod';
import type { Role } from './roles.js';

// ---- issue 24 §2: e-mail notifications people can tune (identity sends them; every service produces them) ----

/** What a notification is about. Each user sets, per kind, how it reaches them (NOTIFICATION_DELIVERIES). */
export const NOTIFICATION_KINDS = ['message', 'document-shared', 'step-completed', 'nda-signed', 'offer-recorded', 'due-diligence', 'idle-journey'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The Settings screen's (and the unsubscribe page's) name of each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  message: 'New messages',
  'document-shared': 'Documents shared with you',
  'step-completed': 'Steps completed by others',
  'nda-signed': 'NDAs signed',
  'offer-recorded': 'Offers recorded',
  'due-diligence': 'Due-diligence requests and answers',
  'idle-journey': 'Idle journeys',
};

/** now: one e-mail per event; digest: one e-mail a day at 7:00 in the user's time zone; off: nothing. */
export const NOTIFICATION_DELIVERIES = ['now', 'digest', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
export const NOTIFICATION_DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  now: 'Right away',
  digest: 'Daily digest',
  off: 'Off',
};

/**
 * The kinds a role has (in the Settings screen's order). A notice of a kind the recipient's role lacks is not sent to
 * them (an offer recorded reaches sellers only; an NDA signed and an idle journey reach staff only).
 */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  BROKER: ['message', 'document-shared', 'step-completed', 'nda-signed', 'due-diligence', 'idle-journey'],
  AGENT: ['message', 'document-shared', 'step-completed', 'nda-signed', 'due-diligence', 'idle-journey'],
  SELLER: ['message', 'document-shared', 'step-completed', 'offer-recorded', 'due-diligence'],
  BUYER: ['message', 'document-shared', 'step-completed', 'due-diligence'],
};

const CLIENT_DEFAULTS: Partial<Record<NotificationKind, NotificationDelivery>> = {
  message: 'now',
  'document-shared': 'now',
  'step-completed': 'digest',
  'offer-recorded': 'now',
  'due-diligence': 'now',
};
const STAFF_DEFAULTS: Partial<Record<NotificationKind, NotificationDelivery>> = {
  message: 'now',
  'document-shared': 'digest',
  'step-completed': 'digest',
  'nda-signed': 'now',
  'due-diligence': 'now',
  'idle-journey': 'digest',
};

/** A role's delivery of a kind until the user chooses one; 'off' for a kind the role does not have. */
export function defaultDelivery(role: Role, kind: NotificationKind): NotificationDelivery {
  if (!NOTIFICATION_KINDS_BY_ROLE[role].includes(kind)) return 'off';
  const table = role === 'BROKER' || role === 'AGENT' ? STAFF_DEFAULTS : CLIENT_DEFAULTS;
  return table[kind] ?? 'off';
}

/** The firm's time zone: the digest's clock until the user's browser told us theirs. */
export const FIRM_TIME_ZONE = 'America/Los_Angeles';
/** The digest goes out at this local hour (00:00–23:00), once a day. */
export const DIGEST_LOCAL_HOUR = 7;

export const NOTIFICATION_MSG = {
  badToken: 'This unsubscribe link is not valid.',
  timeZone: 'Choose a valid time zone',
  kind: 'Unknown notification kind',
  kindNotYours: 'This notification kind is not available to you',
  delivery: 'Choose Right away, Daily digest or Off',
  eventId: 'eventId must be a uuid',
  headline: 'headline is required (one line)',
  link: 'link must be a portal path starting with /',
  recipients: 'recipients must name userIds or brokers',
} as const;

/** True for a time zone name the runtime knows (IANA, e.g. 'America/Los_Angeles', 'Europe/Paris', 'UTC'). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: NOTIFICATION_MSG.kind });
export const notificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES, { error: NOTIFICATION_MSG.delivery });
export const timeZoneSchema = z.string({ error: NOTIFICATION_MSG.timeZone }).trim().max(64, NOTIFICATION_MSG.timeZone)
  .refine(isTimeZone, NOTIFICATION_MSG.timeZone);

// ---- the command every producer sends (through its outbox, kind `notice`, outbox row id = eventId) ----

/** POST (identity, SERVICE): notify the recipients of one event. Idempotent per eventId. */
export const NOTICE_PATH = '/internal/notices';

/**
 * One event to notify. headline: one line, no confidential content (never a message's subject or text, a document's
 * content, an offer's price): the e-mail's subject and first line. link: the portal path where the recipient acts
 * (e.g. '/buyer/messages'); the e-mail links to PUBLIC_URL + link. recipients: users by id, and/or every active broker.
 * A recipient who is archived or deleted, or whose role lacks the kind, or who set the kind Off gets nothing.
 */
export const noticeCommandSchema = z.object({
  eventId: z.uuid(NOTIFICATION_MSG.eventId),
  kind: notificationKindSchema,
  recipients: z.object({
    userIds: z.array(z.uuid('userIds must be uuids')).max(500).optional(),
    brokers: z.boolean().optional(),
  }).refine((r) => (r.userIds?.length ?? 0) > 0 || r.brokers === true, NOTIFICATION_MSG.recipients),
  listingId: z.uuid('listingId must be a uuid').nullable().optional(),
  listingTitle: z.string().trim().max(200).optional(),
  actorName: z.string().trim().max(200).optional(),
  headline: z.string({ error: NOTIFICATION_MSG.headline }).trim().min(1, NOTIFICATION_MSG.headline).max(200, NOTIFICATION_MSG.headline)
    .refine((s) => !/[\r\n]/.test(s), NOTIFICATION_MSG.headline),
  link: z.string({ error: NOTIFICATION_MSG.link }).max(500, NOTIFICATION_MSG.link)
    .refine((s) => /^\/(?![/\\])[\x21-\x7e]*$/.test(s), NOTIFICATION_MSG.link),
});
export type NoticeCommand = z.input<typeof noticeCommandSchema>;

/** accepted: the recipients this call will notify (right away or in their digest); 0 on a repeated eventId. */
export const noticeAnswerSchema = z.object({ accepted: z.number().int().min(0) });
export type NoticeAnswer = z.infer<typeof noticeAnswerSchema>;

// ---- public API (identity): the Settings screen and the unsubscribe page ----

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  delivery: notificationDeliverySchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET/PUT /auth/notification-settings answer: the caller's time zone and one row per kind their role has. */
export const notificationSettingsSchema = z.object({
  timeZone: z.string(),
  /** false: the firm's FIRM_TIME_ZONE, until the browser sent one. */
  timeZoneFromBrowser: z.boolean(),
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /auth/notification-settings: the browser's time zone (Intl) and/or some kinds' deliveries. */
export const updateNotificationSettingsSchema = z.object({
  timeZone: timeZoneSchema.optional(),
  preferences: z.partialRecord(notificationKindSchema, notificationDeliverySchema).optional(),
});
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

const tokenSchema = z.string().trim().min(1, NOTIFICATION_MSG.badToken).max(1000, NOTIFICATION_MSG.badToken);

/**
 * POST /auth/unsubscribe (public): the token from the e-mail's link, in the JSON body ({token}) or the query (?token=,
 * the List-Unsubscribe-Post one-click form). 400 NOTIFICATION_MSG.badToken for a missing, altered or forged one.
 */
export const unsubscribeRequestSchema = z.object({ token: tokenSchema.optional() }).default({}); // a form body reaches the service as none
export const unsubscribeQuerySchema = z.object({ token: tokenSchema.optional() });
export type UnsubscribeRequest = z.input<typeof unsubscribeRequestSchema>;

/** The kind now Off, its label, and whose address it was (masked: 'b***@example.com'). */
export const unsubscribeAnswerSchema = z.object({ kind: notificationKindSchema, label: z.string(), email: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** The page an e-mail's unsubscribe link opens (mfe-public), with ?token=. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** The page's one button. */
export const UNSUBSCRIBE_BUTTON = 'Unsubscribe';

/** 'buyer@example.com' → 'b***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
