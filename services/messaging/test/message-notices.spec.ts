import { createTestApp, waitFor } from '@brokerage/nest-common/testing';
import type { NoticeCommand } from '@brokerage/contracts';
import { AppModule } from '../src/app.module.js';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service.js';
import { as, contactTable, directoryUsers, id, PEOPLE, type Person } from './fixtures.js';
import { resetDb, type Ctx } from './helpers.js';
import { startIdentityStub, startListingsStub, type Directory, type ListingsState, type Stub } from './stubs.js';

describe('a new message e-mails its receiver a notice (outbox kind notice → identity POST /internal/notices, kind message)', () => {
  let ctx: Ctx;
  let identity: Stub;
  let listings: Stub;
  const dir: Directory & { notices: NoticeCommand[] } = { users: directoryUsers(), contacts: contactTable(), notices: [] };
  const state: ListingsState = { selected: new Map(), agents: new Map(), events: [] };

  beforeAll(async () => {
    identity = await startIdentityStub(dir);
    listings = await startListingsStub(state);
    process.env.IDENTITY_URL = identity.url;
    process.env.LISTINGS_URL = listings.url;
    ctx = await createTestApp(AppModule, 'messaging');
  });
  afterAll(async () => {
    await ctx.app.close();
    await identity.close();
    await listings.close();
  });
  beforeEach(async () => {
    await resetDb(ctx);
    dir.notices.length = 0;
    dir.noticesDown = false;
  });

  const send = (from: Person, to: Person, subject = 'Confidential terms', content = 'The asking price is 4.2M') =>
    ctx.http.post('/messages/send').set(as(from)).field('receiverId', id(to)).field('subject', subject).field('content', content);
  const relay = () => ctx.app.get(OutboxRelayService).drain();
  type Row = { message_id: string; receiver_id: string; sender_name: string; payload: NoticeCommand; sent_at: Date | null; dead_at: Date | null; attempts: number; last_error: string | null };
  /** The notice rows of messaging.outbox. */
  const rows = (): Promise<Row[]> =>
    ctx.ds.query(`SELECT id AS message_id, payload->'recipients'->'userIds'->>0 AS receiver_id, payload->>'actorName' AS sender_name, payload,
      delivered_at AS sent_at, dead_at, attempts, last_error FROM messaging.outbox WHERE kind = 'notice' ORDER BY created_at`);
  const noticeCalls = () => identity.calls.filter((c) => c.method === 'POST' && c.path === '/internal/notices');
  const command = (messageId: string, to: Person, from: Person): NoticeCommand => ({
    eventId: messageId, kind: 'message', recipients: { userIds: [id(to)] }, actorName: PEOPLE[from].name,
    headline: `${PEOPLE[from].name} sent you a new message`, link: `/${PEOPLE[to].role.toLowerCase()}/messages`,
  });

  it('a send writes one notice row (no subject or content) and relays it to identity as the messaging service', async () => {
    const res = await send('buyer', 'agent');
    expect(res.status).toBe(201);
    const messageId = res.body.data.id as string;
    await relay();
    await waitFor(async () => (await rows())[0]?.sent_at != null);
    const [row] = await rows();
    expect(row).toMatchObject({ message_id: messageId, receiver_id: id('agent'), sender_name: PEOPLE.buyer.name, attempts: 1, last_error: null });
    expect(dir.notices).toEqual([command(messageId, 'agent', 'buyer')]);
    expect(JSON.stringify(dir.notices)).not.toContain('Confidential terms');
    expect(JSON.stringify(dir.notices)).not.toContain('4.2M');
    expect(noticeCalls().at(-1)?.caller).toBe('service:messaging');
    // the outbox holds no message text either: the notice's payload is who wrote to whom and where to read it
    expect(row.payload).toEqual(command(messageId, 'agent', 'buyer'));
    const all = JSON.stringify(await ctx.ds.query('SELECT * FROM messaging.outbox'));
    expect(all).not.toContain('Confidential terms');
    expect(all).not.toContain('4.2M');
  });

  it('every role\'s message notifies its receiver, once per message (a second relay sends nothing again)', async () => {
    const pairs: Array<[Person, Person]> = [['broker', 'seller'], ['agent', 'buyer'], ['seller', 'broker'], ['buyer', 'agent']];
    const ids: string[] = [];
    for (const [from, to] of pairs) ids.push((await send(from, to)).body.data.id);
    await relay();
    await waitFor(async () => (await rows()).every((r) => r.sent_at != null) && dir.notices.length === 4);
    expect(dir.notices).toEqual(expect.arrayContaining(pairs.map(([from, to], i) => command(ids[i]!, to, from))));
    const before = noticeCalls().length;
    await relay();
    expect(noticeCalls().length).toBe(before);
    expect(dir.notices).toHaveLength(4);
  });

  it('while identity cannot take it (503) the notice waits (attempts counted) and is delivered once it is back', async () => {
    dir.noticesDown = true;
    const res = await send('seller', 'agent');
    expect(res.status).toBe(201);
    await relay();
    await waitFor(async () => ((await rows())[0]?.attempts ?? 0) >= 1);
    const [pending] = await rows();
    expect(pending.sent_at).toBeNull();
    expect(pending.last_error).toBeTruthy();
    expect(dir.notices).toEqual([]);
    dir.noticesDown = false;
    await ctx.ds.query(`UPDATE messaging.outbox SET next_attempt_at = now()`); // the back-off is not waited out here
    await relay();
    const [done] = await rows();
    expect(done.sent_at).not.toBeNull();
    expect(done.last_error).toBeNull();
    expect(dir.notices).toEqual([command(res.body.data.id, 'agent', 'seller')]);
  });

  it('a notice the contract refuses (a link off the portal) is dead-lettered with the reason, not retried forever', async () => {
    const res = await send('broker', 'buyer2');
    expect(res.status).toBe(201);
    await relay();
    await waitFor(async () => (await rows())[0]?.sent_at != null);
    // the same row, replayed with a command identity refuses
    await ctx.ds.query(`UPDATE messaging.outbox SET delivered_at = NULL, attempts = 0, payload = jsonb_set(payload, '{link}', '"https://elsewhere.example"')
      WHERE kind = 'notice'`);
    const calls = noticeCalls().length;
    await relay();
    const [row] = await rows();
    expect(row.sent_at).toBeNull();
    expect(row.dead_at).not.toBeNull();
    expect(row.last_error).toMatch(/^refused: invalid notice: link /);
    await relay();
    expect(noticeCalls().length).toBe(calls); // never sent: the contract refuses it before identity would
  });

  it('a row written before issue 24 (kind new-message-notice) goes out as the notice command, the receiver\'s role from identity', async () => {
    const messageId = '00000000-0000-4000-8000-0000000000aa';
    await ctx.ds.query(`INSERT INTO messaging.outbox (id, kind, payload) VALUES ($1, 'new-message-notice', $2::jsonb)`, [
      messageId, JSON.stringify({ messageId, receiverId: id('seller'), senderName: PEOPLE.agent.name }),
    ]);
    await relay();
    expect(dir.notices).toEqual([command(messageId, 'seller', 'agent')]);
  });

  it('website items (contact form, call-back request) write no notice', async () => {
    const contact = {
      firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phone: '(408) 555-0199', subject: 'Selling my bakery', message: 'What is it worth?',
    };
    expect((await ctx.http.post('/auth/contact-message').send(contact)).status).toBe(201);
    expect((await ctx.http.post('/callback-request').send({ firstName: 'Chris', lastName: 'Park', email: 'chris@example.com', message: 'Call me' })).status).toBe(201);
    await relay();
    expect(await rows()).toEqual([]);
    expect(dir.notices).toEqual([]);
  });

  it('a refused send (not a contact) writes no notice', async () => {
    expect((await send('buyer2', 'agent')).status).toBe(403);
    expect(await rows()).toEqual([]);
  });
});
