import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  DIGEST_LOCAL_HOUR,
  FIRM_TIME_ZONE,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  NOTIFICATION_MSG,
  ROLE_HOME,
  UNSUBSCRIBE_PAGE_PATH,
  defaultDelivery,
  isTimeZone,
  maskEmail,
  type NoticeAnswer,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings,
  type Role,
  type UnsubscribeAnswer,
  type UpdateNotificationSettings,
} from '@brokerage/contracts';
import { badRequest, notFound } from '../common/errors.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';
import { MailService } from '../mail/mail.service.js';
import { localTime, NotificationClock } from './notification-clock.js';
import { DIGEST_SCHEDULER_ID, NOTICE_JOB, NOTICE_JOB_OPTIONS, NOTICE_QUEUE, digestJobId, sendJobId } from './notifications.constants.js';
import { NotificationsRepository, type RecipientRow } from './notifications.repository.js';
import { digestMail, noticeMail, type NoticeItem, type NoticeRecipient, type UnsubscribeLinks } from './notice-mail.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

/** The command as stored with the event (what the e-mails are written from). */
interface StoredNotice {
  headline: string;
  link: string;
  actorName?: string;
  listingTitle?: string;
  listingId?: string | null;
}

/** A parsed notice command (noticeCommandSchema's output). */
export interface Notice extends StoredNotice {
  eventId: string;
  kind: NotificationKind;
  recipients: { userIds?: string[]; brokers?: boolean };
}

/** A user's delivery of a kind: their choice, else the role's default; Off for a kind the role lacks. */
const deliveryOf = (role: Role, kind: NotificationKind, chosen?: Map<NotificationKind, NotificationDelivery>): NotificationDelivery =>
  NOTIFICATION_KINDS_BY_ROLE[role].includes(kind) ? (chosen?.get(kind) ?? defaultDelivery(role, kind)) : 'off';

/** Notice events (their eventIds' idempotency, their deliveries) are kept this long. */
const EVENTS_KEPT_DAYS = 90;

/** A right-away delivery older than this with no send recorded is queued again by the tick (its job may be lost). */
const STRANDED_MS = 60_000;

/**
 * E-mail notifications (issue 24 §2): preferences per user × kind, the notice events (once per eventId), right-away
 * sends through the BullMQ queue (one job per event × recipient), the daily digest at 7:00 local time, unsubscribe.
 */
/** A zone as the runtime names it ('utc' → 'UTC', 'asia/calcutta' → 'Asia/Calcutta'): how it is stored. */
const canonicalZone = (timeZone: string): string => new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;

@Injectable()
export class NotificationsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly repo: NotificationsRepository,
    private readonly mail: MailService,
    private readonly tokens: UnsubscribeTokens,
    private readonly clock: NotificationClock,
    @InjectQueue(NOTICE_QUEUE) private readonly queue: Queue,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** The digest tick's scheduler (one per deployment: every replica upserts the same id). Redis down: logged, not fatal. */
  onApplicationBootstrap(): void {
    const every = this.config.NOTICE_DIGEST_TICK_MS;
    if (every <= 0) return;
    this.queue.upsertJobScheduler(DIGEST_SCHEDULER_ID, { every }, { name: NOTICE_JOB.tick, opts: { removeOnComplete: 100, removeOnFail: 100 } })
      .catch((err: Error) => this.logger.warn(`digest scheduler not set: ${err.message}`));
  }

  // ---- settings ----

  async settings(userId: string): Promise<NotificationSettings> {
    const user = await this.repo.user(userId);
    if (!user) throw notFound('User not found');
    const [s, prefs] = await Promise.all([this.repo.settings(userId), this.repo.preferences([userId])]);
    const own = prefs.get(userId);
    return {
      timeZone: s.timeZone ?? FIRM_TIME_ZONE,
      timeZoneFromBrowser: s.timeZone !== null && s.fromBrowser,
      preferences: NOTIFICATION_KINDS_BY_ROLE[user.role].map((kind) => ({
        kind,
        label: NOTIFICATION_KIND_LABELS[kind],
        delivery: deliveryOf(user.role, kind, own),
      })),
    };
  }

  async updateSettings(userId: string, body: UpdateNotificationSettings): Promise<NotificationSettings> {
    const user = await this.repo.user(userId);
    if (!user) throw notFound('User not found');
    const entries = Object.entries(body.preferences ?? {}) as Array<[NotificationKind, NotificationDelivery]>;
    const allowed = NOTIFICATION_KINDS_BY_ROLE[user.role];
    if (entries.some(([k]) => !allowed.includes(k))) throw badRequest(NOTIFICATION_MSG.kindNotYours);
    await this.ds.transaction(async (m) => {
      if (body.timeZone) await this.repo.setTimeZone(userId, canonicalZone(body.timeZone), m);
      await this.repo.setPreferences(userId, entries, m);
    });
    return this.settings(userId);
  }

  /** The zone a browser sent at sign-in (an unknown name is ignored: a sign-in never fails on it). */
  async offerBrowserTimeZone(userId: string, timeZone: string | undefined): Promise<void> {
    if (!timeZone || !isTimeZone(timeZone)) return;
    await this.repo.setTimeZone(userId, canonicalZone(timeZone), undefined, { keepChosen: true });
  }

  // ---- unsubscribe ----

  async unsubscribe(token: string | undefined): Promise<UnsubscribeAnswer> {
    const t = token ? this.tokens.verify(token) : null;
    const user = t ? await this.repo.user(t.userId) : undefined;
    if (!t || !user) throw badRequest(NOTIFICATION_MSG.badToken);
    await this.repo.setPreferences(user.id, [[t.kind, 'off']]);
    return { kind: t.kind, label: NOTIFICATION_KIND_LABELS[t.kind], email: maskEmail(user.email) };
  }

  // ---- notice commands ----

  /**
   * Records the event and one delivery per recipient whose setting of the kind is not Off, in one transaction, then
   * queues the right-away ones. A repeated eventId records nothing and sends nothing (its right-away deliveries still
   * pending, if the first call died before queueing them, are queued again: their jobIds make that a no-op otherwise).
   */
  async accept(n: Notice): Promise<NoticeAnswer & { duplicate: boolean }> {
    const stored: StoredNotice = {
      headline: n.headline, link: n.link,
      ...(n.actorName ? { actorName: n.actorName } : {}),
      ...(n.listingTitle ? { listingTitle: n.listingTitle } : {}),
      ...(n.listingId ? { listingId: n.listingId } : {}),
    };
    const result = await this.ds.transaction(async (m) => {
      if (!(await this.repo.insertEvent(m, n.eventId, n.kind, stored))) return null;
      const users = await this.repo.recipients(n.recipients.userIds ?? [], n.recipients.brokers === true, m);
      const prefs = await this.repo.preferences(users.map((u) => u.id), n.kind, m);
      const list = users
        .map((u) => ({ userId: u.id, delivery: deliveryOf(u.role, n.kind, prefs.get(u.id)) }))
        .filter((d): d is { userId: string; delivery: 'now' | 'digest' } => d.delivery !== 'off');
      await this.repo.insertDeliveries(m, n.eventId, list);
      return list;
    });
    if (result === null) {
      await this.enqueueSends(await this.repo.pendingNow(n.eventId));
      return { accepted: 0, duplicate: true };
    }
    await this.enqueueSends(result.filter((d) => d.delivery === 'now').map((d) => ({ eventId: n.eventId, userId: d.userId })));
    return { accepted: result.length, duplicate: false };
  }

  private async enqueueSends(list: Array<{ eventId: string; userId: string }>): Promise<void> {
    if (list.length === 0) return;
    await this.queue.addBulk(list.map((d) => ({
      name: NOTICE_JOB.send,
      data: d,
      opts: { ...NOTICE_JOB_OPTIONS, jobId: sendJobId(d.eventId, d.userId) },
    })));
  }

  // ---- the queue's jobs ----

  /**
   * One right-away e-mail (job 'send'). The delivery row stays locked (SELECT … FOR UPDATE) from before the send until
   * 'sent' commits: a second run of the job (a stalled one taken up again) waits for it, then finds it sent. A send
   * that throws rolls back and the job is retried (BullMQ's attempts and back-off): the e-mail goes exactly once. A
   * crash after the mail left but before the commit leaves it pending and the retried job sends it again
   * (at-least-once: a lost notice is worse than a rare double); that second copy is the same e-mail (its key: same
   * Message-ID over SMTP, which mail systems collapse, and the same mailbox file).
   */
  async sendNow(eventId: string, userId: string): Promise<'sent' | 'skipped' | 'done' | 'moved'> {
    return this.ds.transaction(async (m) => {
      const d = await this.repo.lockDelivery(m, eventId, userId);
      if (!d || d.status !== 'pending' || d.delivery !== 'now') return 'done';
      const user = await this.repo.user(userId, m);
      const delivery = user ? await this.currentDelivery(user, d.kind) : 'off';
      if (!user || !user.is_active || delivery === 'off') {
        await this.repo.markDelivery(m, eventId, userId, 'skipped');
        return 'skipped';
      }
      if (delivery === 'digest') {
        await this.repo.moveToDigest(m, eventId, userId);
        return 'moved';
      }
      const item = this.item(d.kind, d.payload as unknown as StoredNotice);
      await this.mail.send(noticeMail(this.recipient(user), item, this.unsubscribeLinks(user.id, d.kind), sendJobId(eventId, userId)));
      await this.repo.markDelivery(m, eventId, userId, 'sent');
      return 'sent';
    });
  }

  /**
   * The digest tick (job 'digest-tick', every NOTICE_DIGEST_TICK_MS): each active user with items waiting whose local
   * time (their time zone, else the firm's) is 7:00 or later and who had no digest on that local date gets a 'digest'
   * job (jobId per user × date). Right-away deliveries left without a job (a crash between commit and queue) are
   * queued again; events older than EVENTS_KEPT_DAYS are forgotten.
   */
  async digestTick(): Promise<{ queued: number; requeued: number }> {
    const now = this.clock.now();
    let queued = 0;
    for (const u of await this.repo.usersWithPendingDigest()) {
      const local = localTime(now, u.timeZone ?? FIRM_TIME_ZONE);
      if (local.hour < DIGEST_LOCAL_HOUR || (await this.repo.digestSent(u.userId, local.date))) continue;
      await this.queue.add(NOTICE_JOB.digest, { userId: u.userId, localDate: local.date }, { ...NOTICE_JOB_OPTIONS, jobId: digestJobId(u.userId, local.date) });
      queued++;
    }
    const stranded = await this.repo.pendingNow(null, new Date(Date.now() - STRANDED_MS));
    await this.enqueueSends(stranded);
    await this.repo.forgetEventsOlderThan(EVENTS_KEPT_DAYS);
    return { queued, requeued: stranded.length };
  }

  /**
   * One user's digest of one local date (job 'digest'): the digest row, the items marked sent and the e-mail in one
   * transaction (a throw rolls all back and the job is retried; a second digest that day finds the row). Items of a kind
   * set Off since are dropped; nothing to send → nothing recorded.
   */
  async sendDigest(userId: string, localDate: string): Promise<'sent' | 'none' | 'already'> {
    return this.ds.transaction(async (m) => {
      if (!(await this.repo.claimDigest(m, userId, localDate))) return 'already';
      const user = await this.repo.user(userId, m);
      const items = await this.repo.lockDigestItems(m, userId);
      const prefs = (await this.repo.preferences([userId], undefined, m)).get(userId);
      const keep = !user?.is_active ? [] : items.filter((i) => deliveryOf(user.role, i.kind, prefs) !== 'off');
      const drop = items.filter((i) => !keep.includes(i)).map((i) => i.event_id);
      if (!user || keep.length === 0) {
        await this.repo.markDigestItems(m, userId, [], drop, localDate);
        await this.repo.unclaimDigest(m, userId, localDate); // nothing went out: a later item may still go today
        return 'none';
      }
      const kinds = [...new Set(keep.map((i) => i.kind))];
      const links = Object.fromEntries(kinds.map((k) => [k, this.unsubscribeLinks(userId, k)]));
      const mailItems = keep.map((i) => this.item(i.kind, i.payload as unknown as StoredNotice));
      await this.mail.send(digestMail(this.recipient(user), mailItems, links, digestJobId(userId, localDate)));
      await this.repo.markDigestItems(m, userId, keep.map((i) => i.event_id), drop, localDate);
      return 'sent';
    });
  }

  // ---- helpers ----

  private async currentDelivery(user: RecipientRow, kind: NotificationKind): Promise<NotificationDelivery> {
    return deliveryOf(user.role, kind, (await this.repo.preferences([user.id], kind)).get(user.id));
  }

  private item(kind: NotificationKind, p: StoredNotice): NoticeItem {
    return {
      kind,
      headline: p.headline,
      ...(p.actorName ? { actorName: p.actorName } : {}),
      ...(p.listingTitle ? { listingTitle: p.listingTitle } : {}),
      url: `${this.config.PUBLIC_URL}${p.link}`,
    };
  }

  private recipient(user: { email: string; name: string; role: Role }): NoticeRecipient {
    return { email: user.email, name: user.name, settingsUrl: `${this.config.PUBLIC_URL}${ROLE_HOME[user.role]}/settings` };
  }

  private unsubscribeLinks(userId: string, kind: NotificationKind): UnsubscribeLinks {
    const token = encodeURIComponent(this.tokens.sign(userId, kind));
    return {
      page: `${this.config.PUBLIC_URL}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
      oneClick: `${this.config.PUBLIC_URL}/api/auth/unsubscribe?token=${token}`,
    };
  }
}
