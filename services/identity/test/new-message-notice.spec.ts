import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, NEW_MESSAGE_NOTICE_PATH, NEW_MESSAGE_NOTICE_SUBJECT, newMessageNoticeAnswerSchema } from '@brokerage/contracts';
import { signServiceToken, waitFor } from '@brokerage/nest-common/testing';
import { createApp, createUser, readMail, resetDb, userHeader, type Ctx } from './helpers.js';

/** The e-mails to `to` once `n` are there (the notices queue sends them right after the call). */
const mailsOf = (to: string, n = 1) => waitFor(async () => { const m = await readMail(to); return m.length >= n ? m : null; });

const messagingHeader = () => ({ [IDENTITY_HEADER]: signServiceToken('messaging') });

describe('POST /internal/notices/new-message (issue 9: a new message e-mails its receiver a notice; issue 24: a `message` notice)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const notice = (body: object, headers: Record<string, string> = messagingHeader()) => ctx.http.post(NEW_MESSAGE_NOTICE_PATH).set(headers).send(body);

  it('e-mails the receiver who wrote and a link to their role\'s Messages screen, for each role', async () => {
    const paths = { SELLER: '/seller/messages', BUYER: '/buyer/messages', BROKER: '/broker/messages', AGENT: '/agent/messages' } as const;
    for (const [role, path] of Object.entries(paths) as Array<[keyof typeof paths, string]>) {
      const receiver = await createUser(ctx, { role, name: `Rita ${role}` });
      const res = await notice({ messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam Sender' });
      expect(res.status).toBe(200);
      expect(newMessageNoticeAnswerSchema.parse(res.body)).toEqual({ sent: true, duplicate: false });
      const mails = await mailsOf(receiver.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(NEW_MESSAGE_NOTICE_SUBJECT);
      expect(mails[0].subject).toBe('New message in your Crestline portal');
      expect(mails[0].text).toContain(`Hello Rita ${role},`);
      expect(mails[0].text).toContain('From: Sam Sender');
      expect(mails[0].text).toContain(`http://localhost:8080${path}`);
      expect(mails[0].html).toContain(`href="http://localhost:8080${path}"`);
      expect(mails[0].html).toContain('From: Sam Sender');
    }
  });

  it('is idempotent by messageId: a repeated notice sends nothing more', async () => {
    const receiver = await createUser(ctx, { role: 'BUYER' });
    const body = { messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam Sender' };
    expect((await notice(body)).body).toEqual({ sent: true, duplicate: false });
    await mailsOf(receiver.email);
    const again = await notice(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ sent: false, duplicate: true });
    // another message to the same receiver is another notice; the repeat sent nothing
    expect((await notice({ ...body, messageId: randomUUID() })).body).toEqual({ sent: true, duplicate: false });
    await mailsOf(receiver.email, 2);
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM identity.notice_deliveries WHERE user_id = $1 AND status = 'sent'`, [receiver.id]);
    expect(n).toBe(2);
    expect(await readMail(receiver.email)).toHaveLength(2);
  });

  it('the e-mail never holds the message (the payload has no subject or content; extra fields are not mailed)', async () => {
    const receiver = await createUser(ctx, { role: 'AGENT' });
    const res = await notice({ messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam Sender', subject: 'Secret deal terms', content: 'The price is 4.2M' });
    expect(res.status).toBe(200);
    const [mail] = await mailsOf(receiver.email);
    const whole = JSON.stringify(mail);
    expect(whole).not.toContain('Secret deal terms');
    expect(whole).not.toContain('4.2M');
    expect(mail.text).toContain('For confidentiality the message is not included in this e-mail.');
  });

  it('escapes the sender name in the HTML e-mail', async () => {
    const receiver = await createUser(ctx, { role: 'SELLER' });
    await notice({ messageId: randomUUID(), receiverId: receiver.id, senderName: '<b>Eve</b>' }).expect(200);
    const [mail] = await mailsOf(receiver.email);
    expect(mail.html).toContain('From: &lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('an archived receiver gets no e-mail; an unknown receiver → 404; a bad body → 400', async () => {
    const archived = await createUser(ctx, { role: 'BUYER', active: false });
    const res = await notice({ messageId: randomUUID(), receiverId: archived.id, senderName: 'Sam' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: false, duplicate: false });
    const unknown = await notice({ messageId: randomUUID(), receiverId: randomUUID(), senderName: 'Sam' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
    const bad = await notice({ messageId: 'nope', receiverId: archived.id, senderName: 'Sam' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('messageId must be a uuid');
    const noName = await notice({ messageId: randomUUID(), receiverId: archived.id, senderName: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('senderName is required');
    const long = await notice({ messageId: randomUUID(), receiverId: archived.id, senderName: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(await readMail()).toHaveLength(0);
  });

  it('is SERVICE-only: no identity → 401, a user of any role → 403 (and no e-mail)', async () => {
    const receiver = await createUser(ctx, { role: 'BUYER' });
    const body = { messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam' };
    expect((await ctx.http.post(NEW_MESSAGE_NOTICE_PATH).send(body)).status).toBe(401);
    for (const role of ['BROKER', 'AGENT', 'SELLER', 'BUYER'] as const) {
      const u = await createUser(ctx, { role });
      const res = await notice(body, userHeader({ sub: u.id, role, name: u.name }));
      expect(res.status).toBe(403);
    }
    expect(await readMail()).toHaveLength(0);
    // the refused calls did not use up the messageId
    expect((await notice(body)).body).toEqual({ sent: true, duplicate: false });
    await mailsOf(receiver.email);
  });

  it('follows the receiver\'s `message` setting: Off sends nothing, Daily digest waits for the digest', async () => {
    const off = await createUser(ctx, { role: 'BUYER' });
    await ctx.ds.query(`INSERT INTO identity.notification_preferences (user_id, kind, delivery) VALUES ($1, 'message', 'off')`, [off.id]);
    expect((await notice({ messageId: randomUUID(), receiverId: off.id, senderName: 'Sam' })).body).toEqual({ sent: false, duplicate: false });
    const digest = await createUser(ctx, { role: 'SELLER' });
    await ctx.ds.query(`INSERT INTO identity.notification_preferences (user_id, kind, delivery) VALUES ($1, 'message', 'digest')`, [digest.id]);
    expect((await notice({ messageId: randomUUID(), receiverId: digest.id, senderName: 'Sam' })).body).toEqual({ sent: true, duplicate: false });
    const [{ n }] = await ctx.ds.query(`SELECT count(*)::int AS n FROM identity.notice_deliveries WHERE user_id = $1 AND delivery = 'digest' AND status = 'pending'`, [digest.id]);
    expect(n).toBe(1);
    expect(await readMail(off.email)).toHaveLength(0);
    expect(await readMail(digest.email)).toHaveLength(0);
  });
});
