import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, ROLES, type NotificationDelivery, type NotificationKind } from '@brokerage/contracts';
import { rows } from '@brokerage/nest-common';

const recipientRow = z.object({ id: z.string(), role: z.enum(ROLES), email: z.string(), name: z.string(), is_active: z.boolean() });
export type RecipientRow = z.output<typeof recipientRow>;
const prefRow = z.object({ user_id: z.string(), kind: z.enum(NOTIFICATION_KINDS), delivery: z.enum(NOTIFICATION_DELIVERIES) });
const settingsRow = z.object({ time_zone: z.string().nullable(), time_zone_from_browser: z.boolean() });
const idsRow = z.object({ event_id: z.string(), user_id: z.string() });
const lockedRow = z.object({
  delivery: z.enum(['now', 'digest']),
  status: z.enum(['pending', 'sent', 'skipped']),
  kind: z.enum(NOTIFICATION_KINDS),
  payload: z.record(z.string(), z.unknown()),
});
const digestItemRow = z.object({ event_id: z.string(), kind: z.enum(NOTIFICATION_KINDS), payload: z.record(z.string(), z.unknown()) });
const digestUserRow = z.object({ user_id: z.string(), time_zone: z.string().nullable() });

/** The notification tables (`identity.notification_*`, `identity.notice_*`; migration Notifications). */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly ds: DataSource) {}

  private q(m?: EntityManager) {
    return (sql: string, params: unknown[] = []) => (m ?? this.ds.manager).query(sql, params);
  }

  async settings(userId: string, m?: EntityManager): Promise<{ timeZone: string | null; fromBrowser: boolean }> {
    const [r] = rows(settingsRow, await this.q(m)(
      `SELECT time_zone, time_zone_from_browser FROM identity.notification_settings WHERE user_id = $1`, [userId]));
    return { timeZone: r?.time_zone ?? null, fromBrowser: r?.time_zone_from_browser ?? false };
  }

  /**
   * The user's zone, from a browser or Settings. `keepChosen`: a browser's zone at sign-in, kept only while none came
   * from a browser or from Settings (their choice wins).
   */
  async setTimeZone(userId: string, timeZone: string, m?: EntityManager, opts: { keepChosen?: boolean } = {}): Promise<void> {
    await this.q(m)(
      `INSERT INTO identity.notification_settings (user_id, time_zone, time_zone_from_browser, updated_at) VALUES ($1, $2, true, now())
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, time_zone_from_browser = true, updated_at = now()
       ${opts.keepChosen ? 'WHERE identity.notification_settings.time_zone_from_browser = false' : ''}`,
      [userId, timeZone]);
  }

  /** The chosen deliveries of some users (no row: their role's default), for one kind or all. */
  async preferences(userIds: string[], kind?: NotificationKind, m?: EntityManager): Promise<Map<string, Map<NotificationKind, NotificationDelivery>>> {
    const out = new Map<string, Map<NotificationKind, NotificationDelivery>>();
    if (userIds.length === 0) return out;
    const found = rows(prefRow, await this.q(m)(
      `SELECT user_id, kind, delivery FROM identity.notification_preferences WHERE user_id = ANY($1::uuid[]) AND ($2::text IS NULL OR kind = $2)`,
      [userIds, kind ?? null]));
    for (const r of found) {
      if (!out.has(r.user_id)) out.set(r.user_id, new Map());
      out.get(r.user_id)!.set(r.kind, r.delivery);
    }
    return out;
  }

  async setPreferences(userId: string, entries: Array<[NotificationKind, NotificationDelivery]>, m?: EntityManager): Promise<void> {
    if (entries.length === 0) return;
    await this.q(m)(
      `INSERT INTO identity.notification_preferences (user_id, kind, delivery, updated_at)
       SELECT $1, k, d, now() FROM unnest($2::text[], $3::text[]) AS t(k, d)
       ON CONFLICT (user_id, kind) DO UPDATE SET delivery = EXCLUDED.delivery, updated_at = now()`,
      [userId, entries.map((e) => e[0]), entries.map((e) => e[1])]);
  }

  /** The users named and (brokers) every broker: active ones only (archived, pending sign-ups and deleted get nothing). */
  async recipients(userIds: string[], brokers: boolean, m?: EntityManager): Promise<RecipientRow[]> {
    return rows(recipientRow, await this.q(m)(
      `SELECT id, role, email, name, is_active FROM identity.users
       WHERE is_active AND (id = ANY($1::uuid[]) OR ($2 AND role = 'BROKER')) ORDER BY id`,
      [userIds, brokers]));
  }

  async user(userId: string, m?: EntityManager): Promise<RecipientRow | undefined> {
    return rows(recipientRow, await this.q(m)(`SELECT id, role, email, name, is_active FROM identity.users WHERE id = $1`, [userId]))[0];
  }

  /** The event, once: false when this eventId was received before. */
  async insertEvent(m: EntityManager, eventId: string, kind: NotificationKind, payload: object): Promise<boolean> {
    const r = await m.query(
      `INSERT INTO identity.notice_events (event_id, kind, payload) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [eventId, kind, JSON.stringify(payload)]);
    return (r as unknown[]).length === 1;
  }

  async insertDeliveries(m: EntityManager, eventId: string, list: Array<{ userId: string; delivery: 'now' | 'digest' }>): Promise<void> {
    if (list.length === 0) return;
    await m.query(
      `INSERT INTO identity.notice_deliveries (event_id, user_id, delivery)
       SELECT $1, u, d FROM unnest($2::uuid[], $3::text[]) AS t(u, d) ON CONFLICT DO NOTHING`,
      [eventId, list.map((d) => d.userId), list.map((d) => d.delivery)]);
  }

  /** Right-away deliveries still pending: of one event, or (eventId null) every one older than `olderThan`. */
  async pendingNow(eventId: string | null, olderThan?: Date): Promise<Array<{ eventId: string; userId: string }>> {
    return rows(idsRow, await this.q()(
      `SELECT event_id, user_id FROM identity.notice_deliveries
       WHERE status = 'pending' AND delivery = 'now' AND ($1::uuid IS NULL OR event_id = $1)
         AND ($2::timestamptz IS NULL OR created_at < $2) AND created_at > now() - interval '2 days'
       ORDER BY created_at LIMIT 1000`,
      [eventId, olderThan ?? null])).map((r) => ({ eventId: r.event_id, userId: r.user_id }));
  }

  /** The delivery, locked until the transaction ends: a second run of the same job waits, then finds it sent. */
  async lockDelivery(m: EntityManager, eventId: string, userId: string) {
    return rows(lockedRow, await m.query(
      `SELECT d.delivery, d.status, e.kind, e.payload FROM identity.notice_deliveries d
       JOIN identity.notice_events e ON e.event_id = d.event_id
       WHERE d.event_id = $1 AND d.user_id = $2 FOR UPDATE OF d`,
      [eventId, userId]))[0];
  }

  async markDelivery(m: EntityManager, eventId: string, userId: string, status: 'sent' | 'skipped'): Promise<void> {
    await m.query(`UPDATE identity.notice_deliveries SET status = $3, sent_at = now() WHERE event_id = $1 AND user_id = $2`, [eventId, userId, status]);
  }

  async moveToDigest(m: EntityManager, eventId: string, userId: string): Promise<void> {
    await m.query(`UPDATE identity.notice_deliveries SET delivery = 'digest' WHERE event_id = $1 AND user_id = $2`, [eventId, userId]);
  }

  /** Forgets events (and their deliveries) received more than `days` ago: no producer retries a notice that long. */
  async forgetEventsOlderThan(days: number): Promise<void> {
    await this.q()(`DELETE FROM identity.notice_events WHERE received_at < now() - make_interval(days => $1)`, [days]);
  }

  /** Active users with digest items waiting, and their time zone (null: the firm's). */
  async usersWithPendingDigest(): Promise<Array<{ userId: string; timeZone: string | null }>> {
    return rows(digestUserRow, await this.q()(
      `SELECT DISTINCT d.user_id, s.time_zone FROM identity.notice_deliveries d
       JOIN identity.users u ON u.id = d.user_id AND u.is_active
       LEFT JOIN identity.notification_settings s ON s.user_id = d.user_id
       WHERE d.status = 'pending' AND d.delivery = 'digest'`)).map((r) => ({ userId: r.user_id, timeZone: r.time_zone }));
  }

  async digestSent(userId: string, localDate: string): Promise<boolean> {
    const r = await this.q()(`SELECT 1 FROM identity.notice_digests WHERE user_id = $1 AND local_date = $2`, [userId, localDate]);
    return (r as unknown[]).length > 0;
  }

  /** Today's digest of the user, once: false when it was sent already (the row commits with the items marked sent). */
  async claimDigest(m: EntityManager, userId: string, localDate: string): Promise<boolean> {
    const r = await m.query(
      `INSERT INTO identity.notice_digests (user_id, local_date) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`, [userId, localDate]);
    return (r as unknown[]).length === 1;
  }

  async unclaimDigest(m: EntityManager, userId: string, localDate: string): Promise<void> {
    await m.query(`DELETE FROM identity.notice_digests WHERE user_id = $1 AND local_date = $2`, [userId, localDate]);
  }

  /** The user's pending digest items, oldest first, locked. */
  async lockDigestItems(m: EntityManager, userId: string) {
    return rows(digestItemRow, await m.query(
      `SELECT d.event_id, e.kind, e.payload FROM identity.notice_deliveries d
       JOIN identity.notice_events e ON e.event_id = d.event_id
       WHERE d.user_id = $1 AND d.status = 'pending' AND d.delivery = 'digest'
       ORDER BY d.created_at, d.event_id FOR UPDATE OF d`,
      [userId]));
  }

  async markDigestItems(m: EntityManager, userId: string, sent: string[], skipped: string[], localDate: string): Promise<void> {
    await m.query(
      `UPDATE identity.notice_deliveries SET status = CASE WHEN event_id = ANY($2::uuid[]) THEN 'sent' ELSE 'skipped' END,
         sent_at = now(), digest_date = $4
       WHERE user_id = $1 AND (event_id = ANY($2::uuid[]) OR event_id = ANY($3::uuid[]))`,
      [userId, sent, skipped, localDate]);
    await m.query(`UPDATE identity.notice_digests SET items = $3 WHERE user_id = $1 AND local_date = $2`, [userId, localDate, sent.length]);
  }
}
