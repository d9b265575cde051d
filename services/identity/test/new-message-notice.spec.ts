import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, NEW_MESSAGE_NOTICE_PATH, NEW_MESSAGE_NOTICE_SUBJECT, newMessageNoticeAnswerSchema } from '@brokerage/contracts';
import { signServiceToken } from '@brokerage/nest-common/testing';
import { noticeKey } from '../src/notices/notices.service.js';
import { createApp, createUser, readMail, resetDb, userHeader, type Ctx } from './helpers.js';

const messagingHeader = () => ({ [IDENTITY_HEADER]: signServiceToken('messaging') });

describe('POST /internal/notices/new-message (issue 9: a new message e-mails its receiver a notice)', () => {
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
      const mails = await readMail(receiver.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(NEW_MESSAGE_NOTICE_SUBJECT);
      expect(mails[0].subject).toBe('New message in your Crestline portal');
      expect(mails[0].text).toContain(`Hello Rita ${role},`);
      expect(mails[0].text).toContain('Sam Sender sent you a new message in your Crestline Business Brokers portal.');
      expect(mails[0].text).toContain(`http://localhost:8080${path}`);
      expect(mails[0].html).toContain(`href="http://localhost:8080${path}"`);
      expect(mails[0].html).toContain('Sam Sender sent you a new message');
    }
  });

  it('is idempotent by messageId: a repeated notice sends nothing more', async () => {
    const receiver = await createUser(ctx, { role: 'BUYER' });
    const body = { messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam Sender' };
    expect((await notice(body)).body).toEqual({ sent: true, duplicate: false });
    const again = await notice(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ sent: false, duplicate: true });
    expect(await readMail(receiver.email)).toHaveLength(1);
    expect(await ctx.redis.get(noticeKey(body.messageId))).toBe('sent');
    // another message to the same receiver is another notice
    expect((await notice({ ...body, messageId: randomUUID() })).body).toEqual({ sent: true, duplicate: false });
    expect(await readMail(receiver.email)).toHaveLength(2);
  });

  it('the e-mail never holds the message (the payload has no subject or content; extra fields are not mailed)', async () => {
    const receiver = await createUser(ctx, { role: 'AGENT' });
    const res = await notice({ messageId: randomUUID(), receiverId: receiver.id, senderName: 'Sam Sender', subject: 'Secret deal terms', content: 'The price is 4.2M' });
    expect(res.status).toBe(200);
    const [mail] = await readMail(receiver.email);
    const whole = JSON.stringify(mail);
    expect(whole).not.toContain('Secret deal terms');
    expect(whole).not.toContain('4.2M');
    expect(mail.text).toContain('For confidentiality the message is not included in this e-mail.');
  });

  it('escapes the sender name in the HTML e-mail', async () => {
    const receiver = await createUser(ctx, { role: 'SELLER' });
    await notice({ messageId: randomUUID(), receiverId: receiver.id, senderName: '<b>Eve</b>' }).expect(200);
    const [mail] = await readMail(receiver.email);
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; sent you a new message');
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
  });
});
