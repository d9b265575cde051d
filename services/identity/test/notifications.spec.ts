import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  IDENTITY_HEADER,
  NOTICE_PATH,
  NOTIFICATION_KINDS_BY_ROLE,
  NOTIFICATION_MSG,
  notificationSettingsSchema,
  type NoticeCommand,
  type Role,
} from '@brokerage/contracts';
import { signServiceToken, waitFor } from '@brokerage/nest-common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DIGEST_SCHEDULER_ID, NOTICE_QUEUE } from '../src/notifications/notifications.constants.js';
import { NotificationClock } from '../src/notifications/notification-clock.js';
import { NotificationsService } from '../src/notifications/notifications.service.js';
import { UnsubscribeTokens } from '../src/notifications/unsubscribe-token.js';
import { createApp, createUser, readMail, resetDb, userHeader, type CreatedUser, type Ctx } from './helpers.js';

type Mail = Awaited<ReturnType<typeof readMail>>[number] & { headers?: Record<string, string> };

const listingsHeader = () => ({ [IDENTITY_HEADER]: signServiceToken('listings') });
const mailsOf = (to: string, n = 1) => waitFor(async () => {
  const m = (await readMail(to)) as Mail[];
  return m.length >= n ? m.sort((a, b) => a.sentAt.localeCompare(b.sentAt)) : null;
});
const tokenOf = (mail: Mail) => decodeURIComponent(/token=([^>&\s"]+)/.exec(mail.headers!['List-Unsubscribe']!)![1]!);

describe('e-mail notifications (issue 24 §2): preferences, the queue, the digest, unsubscribe', () => {
  let ctx: Ctx;
  let clock: NotificationClock;
  let service: NotificationsService;
  beforeAll(async () => {
    ctx = await createApp();
    clock = ctx.app.get(NotificationClock);
    service = ctx.app.get(NotificationsService);
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(async () => {
    clock.now = () => new Date();
    jest.restoreAllMocks();
    await resetDb(ctx);
  });

  const headersOf = (u: CreatedUser) => userHeader({ sub: u.id, role: u.role, name: u.name, email: u.email });
  const notice = (body: Partial<NoticeCommand> & Pick<NoticeCommand, 'kind' | 'recipients'>) =>
    ctx.http.post(NOTICE_PATH).set(listingsHeader()).send({ eventId: randomUUID(), headline: 'A step was completed', link: '/seller/steps/3', ...body });
  const deliveries = async (userId: string) =>
    (await ctx.ds.query(`SELECT delivery, status FROM identity.notice_deliveries WHERE user_id = $1 ORDER BY created_at`, [userId])) as Array<{ delivery: string; status: string }>;
  const setPref = (u: CreatedUser, kind: string, delivery: string) =>
    ctx.http.put('/auth/notification-settings').set(headersOf(u)).send({ preferences: { [kind]: delivery } });

  describe('settings', () => {
    it('defaults per role: the role\'s kinds only, sensible deliveries, the firm\'s time zone', async () => {
      const expected: Record<Role, Record<string, string>> = {
        BUYER: { message: 'now', 'document-shared': 'now', 'step-completed': 'digest', 'due-diligence': 'now' },
        SELLER: { message: 'now', 'document-shared': 'now', 'step-completed': 'digest', 'offer-recorded': 'now', 'due-diligence': 'now' },
        BROKER: { message: 'now', 'document-shared': 'digest', 'step-completed': 'digest', 'nda-signed': 'now', 'due-diligence': 'now', 'idle-journey': 'digest' },
        AGENT: { message: 'now', 'document-shared': 'digest', 'step-completed': 'digest', 'nda-signed': 'now', 'due-diligence': 'now', 'idle-journey': 'digest' },
      };
      for (const role of ['BUYER', 'SELLER', 'BROKER', 'AGENT'] as const) {
        const u = await createUser(ctx, { role });
        const res = await ctx.http.get('/auth/notification-settings').set(headersOf(u));
        expect(res.status).toBe(200);
        const s = notificationSettingsSchema.parse(res.body);
        expect(s.timeZone).toBe('America/Los_Angeles');
        expect(s.timeZoneFromBrowser).toBe(false);
        expect(s.preferences.map((p) => p.kind)).toEqual(NOTIFICATION_KINDS_BY_ROLE[role]);
        expect(Object.fromEntries(s.preferences.map((p) => [p.kind, p.delivery]))).toEqual(expected[role]);
      }
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const s = (await ctx.http.get('/auth/notification-settings').set(headersOf(buyer))).body;
      expect(s.preferences[0]).toEqual({ kind: 'message', label: 'New messages', delivery: 'now' });
    });

    it('PUT changes the caller\'s own deliveries and time zone (from the browser), nobody else\'s', async () => {
      const seller = await createUser(ctx, { role: 'SELLER' });
      const other = await createUser(ctx, { role: 'SELLER' });
      const res = await ctx.http.put('/auth/notification-settings').set(headersOf(seller))
        .send({ timeZone: 'Europe/Paris', preferences: { message: 'digest', 'offer-recorded': 'off' } });
      expect(res.status).toBe(200);
      expect(res.body.timeZone).toBe('Europe/Paris');
      expect(res.body.timeZoneFromBrowser).toBe(true);
      const byKind = Object.fromEntries((res.body.preferences as Array<{ kind: string; delivery: string }>).map((p) => [p.kind, p.delivery]));
      expect(byKind).toMatchObject({ message: 'digest', 'offer-recorded': 'off', 'document-shared': 'now' });
      const again = (await ctx.http.get('/auth/notification-settings').set(headersOf(seller))).body;
      expect(again).toEqual(res.body);
      const lower = await ctx.http.put('/auth/notification-settings').set(headersOf(seller)).send({ timeZone: 'america/new_york' });
      expect(lower.body.timeZone).toBe('America/New_York');
      const theirs = (await ctx.http.get('/auth/notification-settings').set(headersOf(other))).body;
      expect(theirs.timeZone).toBe('America/Los_Angeles');
      expect(theirs.preferences.find((p: { kind: string }) => p.kind === 'message').delivery).toBe('now');
    });

    it('sign-in keeps the browser\'s time zone until one came from a browser or Settings; an unknown one never fails it', async () => {
      const zoneOf = async (u: CreatedUser) => (await ctx.http.get('/auth/notification-settings').set(headersOf(u))).body as { timeZone: string; timeZoneFromBrowser: boolean };
      const signIn = (u: CreatedUser, timeZone?: string) => ctx.http.post('/auth/login').send({ email: u.email, password: u.password, timeZone });
      const buyer = await createUser(ctx, { role: 'BUYER' });
      expect((await signIn(buyer, 'Not/AZone')).status).toBe(200);
      expect(await zoneOf(buyer)).toMatchObject({ timeZone: 'America/Los_Angeles', timeZoneFromBrowser: false });
      expect((await signIn(buyer, 'europe/paris')).status).toBe(200);
      expect(await zoneOf(buyer)).toMatchObject({ timeZone: 'Europe/Paris', timeZoneFromBrowser: true });
      await signIn(buyer, 'Asia/Tokyo'); // another browser later: the first one's zone stays
      expect((await zoneOf(buyer)).timeZone).toBe('Europe/Paris');
      const seller = await createUser(ctx, { role: 'SELLER' });
      await ctx.http.put('/auth/notification-settings').set(headersOf(seller)).send({ timeZone: 'America/Chicago' });
      await signIn(seller, 'Asia/Tokyo');
      expect((await zoneOf(seller)).timeZone).toBe('America/Chicago');
      expect((await signIn(seller, 'x'.repeat(65))).status).toBe(400); // over the field's bound: the edge's 400
    });

    it('refuses a kind the role does not have, an unknown delivery or kind, a made-up time zone (400, nothing saved)', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const put = (body: object) => ctx.http.put('/auth/notification-settings').set(headersOf(buyer)).send(body);
      const notYours = await put({ preferences: { 'nda-signed': 'off', message: 'off' } });
      expect(notYours.status).toBe(400);
      expect(notYours.body.message).toBe(NOTIFICATION_MSG.kindNotYours);
      expect((await put({ preferences: { message: 'sometimes' } })).status).toBe(400);
      expect((await put({ preferences: { gossip: 'now' } })).status).toBe(400);
      const tz = await put({ timeZone: 'Mars/Olympus_Mons' });
      expect(tz.status).toBe(400);
      expect(tz.body.message).toBe(NOTIFICATION_MSG.timeZone);
      const s = (await ctx.http.get('/auth/notification-settings').set(headersOf(buyer))).body;
      expect(s.timeZone).toBe('America/Los_Angeles');
      expect(s.preferences.find((p: { kind: string }) => p.kind === 'message').delivery).toBe('now');
    });

    it('signed-in users only: no identity → 401, a service → 403', async () => {
      expect((await ctx.http.get('/auth/notification-settings')).status).toBe(401);
      expect((await ctx.http.put('/auth/notification-settings').send({ timeZone: 'UTC' })).status).toBe(401);
      expect((await ctx.http.get('/auth/notification-settings').set(listingsHeader())).status).toBe(403);
    });
  });

  describe('POST /internal/notices', () => {
    it('right away: one e-mail with the headline, a link to act, a text and an HTML part and the one-click unsubscribe headers', async () => {
      const seller = await createUser(ctx, { role: 'SELLER', name: 'Sam Seller' });
      const res = await notice({ kind: 'offer-recorded', recipients: { userIds: [seller.id] }, headline: 'An offer was recorded on Coffee Shop', link: '/seller/offers', listingTitle: 'Coffee Shop', actorName: 'Morgan Broker' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accepted: 1 });
      const [mail] = await mailsOf(seller.email);
      expect(mail.subject).toBe('An offer was recorded on Coffee Shop');
      expect(mail.text).toContain('Hello Sam Seller,');
      expect(mail.text).toContain('Listing: Coffee Shop');
      expect(mail.text).toContain('http://localhost:8080/seller/offers');
      expect(mail.text).toContain('http://localhost:8080/seller/settings');
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.html).toContain('href="http://localhost:8080/seller/offers"');
      expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8080\/api\/auth\/unsubscribe\?token=[^>]+>$/);
      expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`http://localhost:8080/unsubscribe?token=${encodeURIComponent(tokenOf(mail))}`);
      expect(mail.html).toContain('Unsubscribe from offers recorded');
    });

    it('a repeated eventId is accepted and sends nothing more', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const eventId = randomUUID();
      const body = { eventId, kind: 'document-shared' as const, recipients: { userIds: [buyer.id] }, headline: 'A document was shared with you', link: '/buyer/documents' };
      expect((await notice(body)).body).toEqual({ accepted: 1 });
      await mailsOf(buyer.email);
      expect((await notice(body)).body).toEqual({ accepted: 0 });
      expect((await notice({ ...body, headline: 'Changed headline' })).body).toEqual({ accepted: 0 });
      // a marker notice after the repeats: once it is in, the repeats would have been too
      await notice({ kind: 'message', recipients: { userIds: [buyer.id] }, headline: 'Marker', link: '/buyer/messages' });
      const mails = await mailsOf(buyer.email, 2);
      expect(mails.map((m) => m.subject).sort()).toEqual(['A document was shared with you', 'Marker']);
    });

    it('a kind set Off sends nothing; a kind the role lacks sends nothing; archived users get nothing', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      await setPref(buyer, 'document-shared', 'off').expect(200);
      const archived = await createUser(ctx, { role: 'BUYER', active: false });
      expect((await notice({ kind: 'document-shared', recipients: { userIds: [buyer.id, archived.id, randomUUID()] } })).body).toEqual({ accepted: 0 });
      expect((await notice({ kind: 'offer-recorded', recipients: { userIds: [buyer.id] } })).body).toEqual({ accepted: 0 });
      expect((await notice({ kind: 'nda-signed', recipients: { userIds: [buyer.id] } })).body).toEqual({ accepted: 0 });
      expect(await deliveries(buyer.id)).toEqual([]);
      expect(await deliveries(archived.id)).toEqual([]);
      await notice({ kind: 'message', recipients: { userIds: [buyer.id] }, headline: 'Marker', link: '/buyer/messages' });
      expect((await mailsOf(buyer.email)).map((m) => m.subject)).toEqual(['Marker']);
      expect(await readMail(archived.email)).toHaveLength(0);
    });

    it('brokers: true reaches every active broker (not agents, not archived brokers)', async () => {
      const b1 = await createUser(ctx, { role: 'BROKER' });
      const b2 = await createUser(ctx, { role: 'BROKER' });
      const gone = await createUser(ctx, { role: 'BROKER', active: false });
      const agent = await createUser(ctx, { role: 'AGENT' });
      const res = await notice({ kind: 'nda-signed', recipients: { brokers: true }, headline: 'A buyer signed the NDA for Coffee Shop', link: '/broker/listings' });
      expect(res.body).toEqual({ accepted: 2 });
      await mailsOf(b1.email);
      await mailsOf(b2.email);
      expect(await deliveries(gone.id)).toEqual([]);
      expect(await deliveries(agent.id)).toEqual([]);
    });

    it('a job whose send fails (the mail transport throws once) is retried and sends exactly once', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const send = jest.spyOn(ctx.mail, 'send').mockRejectedValueOnce(new Error('SMTP 421 try again later'));
      expect((await notice({ kind: 'message', recipients: { userIds: [buyer.id] }, headline: 'New message in your Crestline portal', link: '/buyer/messages' })).body).toEqual({ accepted: 1 });
      const mails = await mailsOf(buyer.email);
      expect(mails).toHaveLength(1);
      expect(send).toHaveBeenCalledTimes(2);
      expect(await deliveries(buyer.id)).toEqual([{ delivery: 'now', status: 'sent' }]);
    });

    it('a `message` notice (messaging\'s new-message e-mail) says the message is not included and escapes the sender\'s name', async () => {
      const seller = await createUser(ctx, { role: 'SELLER' });
      await notice({ kind: 'message', recipients: { userIds: [seller.id] }, actorName: '<b>Eve</b>', headline: 'Eve sent you a new message', link: '/seller/messages' }).expect(200);
      const [mail] = await mailsOf(seller.email);
      expect(mail.text).toContain('For confidentiality the message is not included in this e-mail.');
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Eve</b>');
    });

    it('two runs of one send job at once (a stalled job taken up again) send once: the delivery row is locked until sent', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      await setPref(buyer, 'message', 'digest').expect(200);
      const eventId = randomUUID();
      await notice({ eventId, kind: 'message', recipients: { userIds: [buyer.id] }, headline: 'Hello', link: '/buyer/messages' }).expect(200);
      await ctx.ds.query(`UPDATE identity.notice_deliveries SET delivery = 'now' WHERE event_id = $1`, [eventId]);
      await setPref(buyer, 'message', 'now').expect(200);
      const send = jest.spyOn(ctx.mail, 'send');
      const runs = await Promise.all([service.sendNow(eventId, buyer.id), service.sendNow(eventId, buyer.id), service.sendNow(eventId, buyer.id)]);
      expect(runs.sort()).toEqual(['done', 'done', 'sent']);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await readMail(buyer.email)).toHaveLength(1);
    });

    it('a kind turned Off after the event was received, before its job ran, sends nothing', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      await setPref(buyer, 'message', 'digest').expect(200);
      const eventId = randomUUID();
      await notice({ eventId, kind: 'message', recipients: { userIds: [buyer.id] } }).expect(200);
      await ctx.ds.query(`UPDATE identity.notice_deliveries SET delivery = 'now' WHERE event_id = $1`, [eventId]);
      await setPref(buyer, 'message', 'off').expect(200);
      expect(await service.sendNow(eventId, buyer.id)).toBe('skipped');
      expect(await readMail(buyer.email)).toHaveLength(0);
    });

    it('a right-away delivery left without a job (a crash between its commit and the queue) is queued again by the tick', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const eventId = randomUUID();
      await ctx.ds.query(`INSERT INTO identity.notice_events (event_id, kind, payload) VALUES ($1, 'message', $2)`,
        [eventId, JSON.stringify({ headline: 'Stranded notice', link: '/buyer/messages' })]);
      await ctx.ds.query(`INSERT INTO identity.notice_deliveries (event_id, user_id, delivery, created_at) VALUES ($1, $2, 'now', now() - interval '2 minutes')`, [eventId, buyer.id]);
      expect(await service.digestTick()).toMatchObject({ requeued: 1 });
      expect((await mailsOf(buyer.email)).map((m) => m.subject)).toEqual(['Stranded notice']);
      expect(await deliveries(buyer.id)).toEqual([{ delivery: 'now', status: 'sent' }]);
      // events of more than 90 days ago are forgotten by the tick, with their deliveries
      await ctx.ds.query(`UPDATE identity.notice_events SET received_at = now() - interval '91 days' WHERE event_id = $1`, [eventId]);
      await service.digestTick();
      expect(await deliveries(buyer.id)).toEqual([]);
    });

    it('SERVICE only, for the producing services; a bad command → 400', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const body = { eventId: randomUUID(), kind: 'message', recipients: { userIds: [buyer.id] }, headline: 'x', link: '/buyer/messages' };
      expect((await ctx.http.post(NOTICE_PATH).send(body)).status).toBe(401);
      expect((await ctx.http.post(NOTICE_PATH).set(headersOf(buyer)).send(body)).status).toBe(403);
      expect((await ctx.http.post(NOTICE_PATH).set({ [IDENTITY_HEADER]: signServiceToken('gateway') }).send(body)).status).toBe(403);
      const bad = async (patch: object) => (await notice({ ...body, ...patch } as never)).body.message;
      expect(await bad({ link: 'https://evil.example/phish' })).toBe(NOTIFICATION_MSG.link);
      expect(await bad({ link: '//evil.example' })).toBe(NOTIFICATION_MSG.link);
      expect(await bad({ headline: 'two\nlines' })).toBe(NOTIFICATION_MSG.headline);
      expect(await bad({ recipients: {} })).toBe(NOTIFICATION_MSG.recipients);
      expect(await bad({ kind: 'gossip' })).toBe(NOTIFICATION_MSG.kind);
      expect(await deliveries(buyer.id)).toEqual([]);
    });
  });

  describe('daily digest', () => {
    /** 2026-11-10 in Los Angeles is UTC-8: 7:00 there is 15:00 UTC. */
    const at = (iso: string) => () => new Date(iso);

    it('groups the day\'s items in one e-mail at 7:00 local time (firm\'s zone by default), once a day', async () => {
      const broker = await createUser(ctx, { role: 'BROKER' });
      for (const [kind, headline] of [['step-completed', 'Step 3 completed on Coffee Shop'], ['idle-journey', 'A journey is idle on Bakery'], ['step-completed', 'Step 4 completed on Coffee Shop']] as const) {
        expect((await notice({ kind, recipients: { userIds: [broker.id] }, headline, link: '/broker/listings' })).body).toEqual({ accepted: 1 });
      }
      clock.now = at('2026-11-10T14:59:00Z'); // 6:59 in Los Angeles
      expect(await service.digestTick()).toMatchObject({ queued: 0 });
      clock.now = at('2026-11-10T15:05:00Z'); // 7:05
      expect(await service.digestTick()).toMatchObject({ queued: 1 });
      const [mail] = await mailsOf(broker.email);
      expect(mail.subject).toBe('Your daily digest: 3 updates');
      expect(mail.text).toContain('Steps completed by others:\n- Step 3 completed on Coffee Shop');
      expect(mail.text).toContain('- Step 4 completed on Coffee Shop');
      expect(mail.text).toContain('Idle journeys:\n- A journey is idle on Bakery');
      expect(mail.html).toContain('<h2 style="font-size:16px;margin:20px 0 8px">Steps completed by others</h2>');
      expect(mail.html).toContain('Unsubscribe from idle journeys');
      // several kinds: List-Unsubscribe opens the Settings screen (one click cannot say which kind)
      expect(mail.headers!['List-Unsubscribe']).toBe('<http://localhost:8080/broker/settings>');
      expect((await deliveries(broker.id)).map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);

      // later that day: a new item waits for tomorrow
      await notice({ kind: 'step-completed', recipients: { userIds: [broker.id] }, headline: 'Step 5 completed on Coffee Shop', link: '/broker/listings' }).expect(200);
      clock.now = at('2026-11-10T23:00:00Z');
      expect(await service.digestTick()).toMatchObject({ queued: 0 });
      expect(await service.sendDigest(broker.id, '2026-11-10')).toBe('already');
      clock.now = at('2026-11-11T14:00:00Z'); // 6:00 next day
      expect(await service.digestTick()).toMatchObject({ queued: 0 });
      clock.now = at('2026-11-11T15:00:00Z'); // 7:00 next day
      expect(await service.digestTick()).toMatchObject({ queued: 1 });
      const mails = await mailsOf(broker.email, 2);
      expect(mails[1]!.subject).toBe('Your daily digest: 1 update');
      expect(mails[1]!.text).toContain('Step 5 completed on Coffee Shop');
      expect(mails[1]!.text).not.toContain('Step 3 completed');
      // one kind: the one-click unsubscribe of that kind
      expect(mails[1]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    });

    it('follows the time zone the browser gave', async () => {
      const seller = await createUser(ctx, { role: 'SELLER' });
      await ctx.http.put('/auth/notification-settings').set(headersOf(seller)).send({ timeZone: 'Europe/Paris' }).expect(200);
      await notice({ kind: 'step-completed', recipients: { userIds: [seller.id] }, headline: 'The broker completed a step', link: '/seller' }).expect(200);
      clock.now = at('2026-11-10T05:30:00Z'); // 6:30 in Paris (and 21:30 the day before in Los Angeles)
      expect(await service.digestTick()).toMatchObject({ queued: 0 });
      clock.now = at('2026-11-10T06:01:00Z'); // 7:01 in Paris
      expect(await service.digestTick()).toMatchObject({ queued: 1 });
      await mailsOf(seller.email);
      const [row] = await ctx.ds.query(`SELECT local_date::text AS d, items FROM identity.notice_digests WHERE user_id = $1`, [seller.id]);
      expect(row).toEqual({ d: '2026-11-10', items: 1 });
    });

    it('items of a kind set Off before the digest are dropped; nothing left → no digest recorded that day', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      await notice({ kind: 'step-completed', recipients: { userIds: [buyer.id] }, headline: 'Dropped step' }).expect(200);
      await setPref(buyer, 'step-completed', 'off').expect(200);
      expect(await service.sendDigest(buyer.id, '2026-11-13')).toBe('none');
      expect(await deliveries(buyer.id)).toEqual([{ delivery: 'digest', status: 'skipped' }]);
      await setPref(buyer, 'step-completed', 'digest').expect(200);
      await notice({ kind: 'step-completed', recipients: { userIds: [buyer.id] }, headline: 'Kept step' }).expect(200);
      expect(await service.sendDigest(buyer.id, '2026-11-13')).toBe('sent');
      const [mail] = await mailsOf(buyer.email);
      expect(mail.text).toContain('Kept step');
      expect(mail.text).not.toContain('Dropped step');
    });

    it('the tick is a BullMQ job scheduler of identity\'s notices queue (every NOTICE_DIGEST_TICK_MS)', async () => {
      process.env.NOTICE_DIGEST_TICK_MS = '900000';
      const other = await createApp().finally(() => { process.env.NOTICE_DIGEST_TICK_MS = '0'; });
      try {
        const queue = other.app.get<Queue>(getQueueToken(NOTICE_QUEUE));
        const scheduler = await waitFor(() => queue.getJobScheduler(DIGEST_SCHEDULER_ID));
        expect(scheduler).toMatchObject({ name: 'digest-tick', every: 900000 });
        await queue.removeJobScheduler(DIGEST_SCHEDULER_ID);
        // its first tick must not run into the next tests (they run the tick with their own clock)
        await queue.drain(true);
        await waitFor(async () => (await queue.getActiveCount()) === 0);
      } finally {
        await other.app.close();
      }
    });

    it('a digest whose send fails is retried and goes once', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      await notice({ kind: 'step-completed', recipients: { userIds: [buyer.id] } }).expect(200);
      const send = jest.spyOn(ctx.mail, 'send').mockRejectedValueOnce(new Error('mailbox full'));
      clock.now = at('2026-11-12T16:00:00Z');
      await service.digestTick();
      expect(await mailsOf(buyer.email)).toHaveLength(1);
      expect(send).toHaveBeenCalledTimes(2);
      expect(await service.digestTick()).toMatchObject({ queued: 0 });
    });
  });

  describe('unsubscribe', () => {
    it('the e-mail\'s token sets its kind Off without signing in (JSON body, or the one-click ?token= form)', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER', email: `blake.${Date.now()}@example.com` });
      await notice({ kind: 'document-shared', recipients: { userIds: [buyer.id] }, headline: 'A document was shared with you', link: '/buyer/documents' }).expect(200);
      const [mail] = await mailsOf(buyer.email);
      const res = await ctx.http.post('/auth/unsubscribe').send({ token: tokenOf(mail) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ kind: 'document-shared', label: 'Documents shared with you', email: 'b***@example.com' });
      expect(JSON.stringify(res.body)).not.toContain(buyer.email);
      const s = (await ctx.http.get('/auth/notification-settings').set(headersOf(buyer))).body;
      expect(s.preferences.find((p: { kind: string }) => p.kind === 'document-shared').delivery).toBe('off');
      expect(s.preferences.find((p: { kind: string }) => p.kind === 'message').delivery).toBe('now');
      expect((await notice({ kind: 'document-shared', recipients: { userIds: [buyer.id] } })).body).toEqual({ accepted: 0 });

      // RFC 8058: the mail client POSTs a form body to the List-Unsubscribe URL
      await setPref(buyer, 'document-shared', 'now').expect(200);
      const oneClick = mail.headers!['List-Unsubscribe']!.slice(1, -1).replace('http://localhost:8080/api', '');
      const form = await ctx.http.post(oneClick).type('form').send('List-Unsubscribe=One-Click');
      expect(form.status).toBe(200);
      expect(form.body.kind).toBe('document-shared');
      const after = (await ctx.http.get('/auth/notification-settings').set(headersOf(buyer))).body;
      expect(after.preferences.find((p: { kind: string }) => p.kind === 'document-shared').delivery).toBe('off');
    });

    it('a forged, altered or missing token → 400 and nothing changes', async () => {
      const buyer = await createUser(ctx, { role: 'BUYER' });
      const tokens = ctx.app.get(UnsubscribeTokens);
      const good = tokens.sign(buyer.id, 'message');
      const [payload, sig] = good.split('.') as [string, string];
      const otherKind = Buffer.from(JSON.stringify({ u: buyer.id, k: 'document-shared' })).toString('base64url');
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      const forged = [
        `${otherKind}.${sig}`, // another kind under the same signature
        `${payload}.${flip(sig, 0)}`,
        `${payload}.${flip(sig, sig.length - 1)}`, // the last character (non-canonical base64 would decode the same)
        `${payload}.${Buffer.alloc(32).toString('base64url')}`,
        `${payload}.`,
        payload,
        `${good}.x`,
        'not-a-token',
      ];
      for (const token of forged) {
        const res = await ctx.http.post('/auth/unsubscribe').send({ token });
        expect({ token, status: res.status, body: res.body }).toEqual({ token, status: 400, body: { message: NOTIFICATION_MSG.badToken } });
      }
      expect((await ctx.http.post('/auth/unsubscribe').send({})).status).toBe(400);
      // a valid token of a user who is gone
      const res = await ctx.http.post('/auth/unsubscribe').send({ token: tokens.sign(randomUUID(), 'message') });
      expect(res.status).toBe(400);
      const s = (await ctx.http.get('/auth/notification-settings').set(headersOf(buyer))).body;
      expect(s.preferences.every((p: { delivery: string }) => p.delivery !== 'off')).toBe(true);
    });
  });
});
