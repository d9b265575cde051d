import { MESSAGING_MSG, messagePageSchema, type MessagePage } from '@brokerage/contracts';
import { as, id, type Person } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

describe('inbox and sent pages; Website messages in the broker\'s inbox', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(() => resetDb(w.ctx));

  const page = async (who: Person, box: 'inbox' | 'sent', cursor?: string): Promise<MessagePage> => {
    const res = await w.ctx.http.get(`/messages/${box}`).query(cursor ? { cursor } : {}).set(as(who));
    expect(res.status).toBe(200);
    return messagePageSchema.parse(res.body);
  };
  /** n messages from → to, one second apart (subject "#i", the last one newest). */
  const seed = (from: Person, to: Person, n: number) =>
    w.ctx.ds.query(
      `INSERT INTO messaging.messages (sender_id, sender_name, receiver_id, receiver_name, subject, content, created_at)
       SELECT $1, 'S', $2, 'R', '#' || i, 'body', now() - interval '1 day' + i * interval '1 second' FROM generate_series(1, $3) i`,
      [id(from), id(to), n],
    );

  it('newest first, 50 a page, Load more with the cursor until the end, no message twice', async () => {
    await seed('buyer', 'agent', 120);
    const p1 = await page('agent', 'inbox');
    expect(p1.messages).toHaveLength(50);
    expect(p1.messages[0].subject).toBe('#120');
    expect(p1.nextCursor).not.toBeNull();
    const p2 = await page('agent', 'inbox', p1.nextCursor!);
    const p3 = await page('agent', 'inbox', p2.nextCursor!);
    expect(p2.messages[0].subject).toBe('#70');
    expect(p3.messages).toHaveLength(20);
    expect(p3.nextCursor).toBeNull();
    const subjects = [...p1.messages, ...p2.messages, ...p3.messages].map((m) => m.subject);
    expect(new Set(subjects).size).toBe(120);
    expect(subjects.at(-1)).toBe('#1');
    const sent = await page('buyer', 'sent');
    expect(sent.messages).toHaveLength(50);
    expect((await page('buyer', 'sent', sent.nextCursor!)).messages[0].subject).toBe('#70');
    expect((await page('seller', 'inbox')).messages).toEqual([]);
  });

  it('messages with the same timestamp are paged without loss', async () => {
    await w.ctx.ds.query(
      `INSERT INTO messaging.messages (sender_id, sender_name, receiver_id, receiver_name, subject, content, created_at)
       SELECT $1, 'S', $2, 'R', '#' || i, 'b', '2026-01-01T00:00:00Z' FROM generate_series(1, 60) i`,
      [id('buyer'), id('agent')],
    );
    const p1 = await page('agent', 'inbox');
    const p2 = await page('agent', 'inbox', p1.nextCursor!);
    expect(new Set([...p1.messages, ...p2.messages].map((m) => m.id)).size).toBe(60);
  });

  it('GET /messages/unread-count: the caller\'s unread inbox (brokers: unread Website items too)', async () => {
    const count = async (who: Person) => {
      const res = await w.ctx.http.get('/messages/unread-count').set(as(who));
      expect(res.status).toBe(200);
      return res.body.count as number;
    };
    await seed('buyer', 'agent', 3);
    await seed('agent', 'broker', 1);
    await w.ctx.http.post('/callback-request').send({ firstName: 'Chris', lastName: 'Park', email: 'chris@example.com', message: 'Call me' });
    expect(await count('agent')).toBe(3);
    expect(await count('buyer')).toBe(0);
    expect(await count('broker')).toBe(2);
    const [first] = (await page('agent', 'inbox')).messages;
    await w.ctx.http.put(`/messages/${first.id}/read`).set(as('agent'));
    expect(await count('agent')).toBe(2);
    const site = (await page('broker', 'inbox')).messages.find((m) => m.source === 'WEBSITE')!;
    await w.ctx.http.put(`/messages/${site.id}/read`).set(as('broker'));
    expect(await count('broker')).toBe(1);
    expect((await w.ctx.http.get('/messages/unread-count')).status).toBe(401);
  });

  it('a forged cursor is a 400', async () => {
    const res = await w.ctx.http.get('/messages/inbox').query({ cursor: 'bm90IGEgY3Vyc29y' }).set(as('agent'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGING_MSG.invalidCursor });
  });

  it('contact-form messages and call-back requests are in each broker\'s inbox as Website; read and delete per broker', async () => {
    await w.ctx.http.post('/auth/contact-message').send({
      firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phone: '(408) 555-0199', subject: 'Selling my bakery', message: 'What is it worth?',
    });
    await w.ctx.http.post('/callback-request').send({ firstName: 'Chris', lastName: 'Park', email: 'chris@example.com', message: 'After 3pm' });
    await w.ctx.http.post('/messages/send').set(as('agent')).field('receiverId', id('broker')).field('subject', 'Portal').field('content', 'x');
    const inbox = (await page('broker', 'inbox')).messages;
    expect(inbox.map((m) => [m.source, m.subject, m.senderName])).toEqual([
      ['PORTAL', 'Portal', 'Avery Agent'],
      ['WEBSITE', 'Call back request', 'Chris Park'],
      ['WEBSITE', 'Selling my bakery', 'Dana Reyes'],
    ]);
    const site = inbox[2];
    expect(site).toMatchObject({ senderId: null, senderEmail: 'dana@example.com', senderPhone: '(408) 555-0199', content: 'What is it worth?', isRead: false });
    for (const who of ['agent', 'seller', 'buyer'] as Person[]) expect((await page(who, 'inbox')).messages.every((m) => m.source === 'PORTAL')).toBe(true);
    expect((await w.ctx.http.put(`/messages/${site.id}/read`).set(as('agent'))).status).toBe(404);
    expect((await w.ctx.http.delete(`/messages/${site.id}`).set(as('agent'))).status).toBe(404);
    expect((await w.ctx.http.put(`/messages/${site.id}/read`).set(as('broker'))).status).toBe(200);
    expect((await page('broker', 'inbox')).messages[2].isRead).toBe(true);
    expect((await w.ctx.http.delete(`/messages/${site.id}`).set(as('broker'))).status).toBe(200);
    expect((await page('broker', 'inbox')).messages.map((m) => m.subject)).toEqual(['Portal', 'Call back request']);
    expect((await w.ctx.http.delete(`/messages/${site.id}`).set(as('broker'))).status).toBe(404);
  });
});
