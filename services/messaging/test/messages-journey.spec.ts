import { MESSAGING_MSG, sendMessageResponseSchema } from '@brokerage/contracts';
import { waitFor } from '@brokerage/nest-common/testing';
import { OutboxRelayService, stableEventId } from '../src/outbox/outbox-relay.service.js';
import { as, id, LISTING, LISTING2, type Person } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

describe('journey step index 1 and POST /buyer/email-agent', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(async () => {
    await resetDb(w.ctx);
    w.state.events.length = 0;
    w.state.selected.clear();
    w.state.agents.clear();
    w.listings.down = false;
  });

  const send = (from: Person, to: Person, subject = 'Hi') =>
    w.ctx.http.post('/messages/send').set(as(from)).field('receiverId', id(to)).field('subject', subject).field('content', 'Hello');
  const relay = () => w.ctx.app.get(OutboxRelayService).drain();
  const eventsOf = (p: Person) => w.state.events.filter((e) => e.userId === id(p));

  it('a buyer\'s and a seller\'s messages complete step index 1 once per listing, however many they send', async () => {
    w.state.selected.set(id('buyer'), LISTING);
    w.state.selected.set(id('seller'), LISTING);
    for (let i = 0; i < 4; i++) {
      expect((await send('buyer', 'agent', `m${i}`)).status).toBe(201);
      expect((await send('seller', 'broker', `m${i}`)).status).toBe(201);
      await relay();
    }
    await relay();
    expect(eventsOf('buyer')).toEqual([
      { eventId: stableEventId(`messages.first:${id('buyer')}:${LISTING}`), userId: id('buyer'), listingId: LISTING, stepId: 1, source: 'messaging.message-sent' },
    ]);
    expect(eventsOf('seller')).toHaveLength(1);
    const posts = w.listings.calls.filter((c) => c.path === '/internal/journeys/events');
    expect(posts).toHaveLength(2);
    // Another selected listing is another journey: one more event.
    w.state.selected.set(id('buyer'), LISTING2);
    await send('buyer', 'agent');
    await relay();
    expect(eventsOf('buyer').map((e) => e.listingId)).toEqual([LISTING, LISTING2]);
  });

  it('staff messages send no journey event; a client without a selected listing neither', async () => {
    await send('agent', 'buyer');
    await send('broker', 'seller');
    await send('buyer2', 'broker');
    await relay();
    expect(w.state.events).toEqual([]);
  });

  it('while listings is down the event waits in the outbox and is delivered once it is back', async () => {
    w.state.selected.set(id('buyer'), LISTING);
    w.listings.down = true;
    expect((await send('buyer', 'agent')).status).toBe(201);
    await relay();
    expect(w.state.events).toEqual([]);
    const [pending] = await w.ctx.ds.query(`SELECT delivered_at, attempts, last_error FROM messaging.outbox WHERE kind = 'journey-message'`);
    expect(pending.delivered_at).toBeNull();
    expect(pending.attempts).toBeGreaterThan(0);
    w.listings.down = false;
    await waitFor(async () => eventsOf('buyer').length === 1); // the relay's own poll, no kick
    expect(eventsOf('buyer')[0].listingId).toBe(LISTING);
  });

  describe('POST /buyer/email-agent {subject, content}', () => {
    it('writes to the agent of the buyer\'s selected listing and counts as step index 1', async () => {
      w.state.selected.set(id('buyer'), LISTING);
      w.state.agents.set(LISTING, id('agent'));
      const res = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ subject: 'Viewing', content: 'Can I visit?' });
      expect(res.status).toBe(201);
      const { data } = sendMessageResponseSchema.parse(res.body);
      expect(data).toMatchObject({ receiverId: id('agent'), receiverName: 'Avery Agent', subject: 'Viewing', senderId: id('buyer') });
      const inbox = await w.ctx.http.get('/messages/inbox').set(as('agent'));
      expect(inbox.body.messages.map((m: { id: string }) => m.id)).toEqual([data.id]);
      await relay();
      expect(eventsOf('buyer')).toHaveLength(1);
    });

    it('without a selected listing (or an agent on it) writes to the broker', async () => {
      const res = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ subject: 'Hello', content: 'Who do I talk to?' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ receiverId: id('broker'), receiverName: 'Morgan Broker' });
      w.state.selected.set(id('buyer'), LISTING);
      w.state.agents.set(LISTING, null);
      const again = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ subject: 'Hello', content: 'Again' });
      expect(again.body.data.receiverId).toBe(id('broker'));
    });

    it('subject and content are required', async () => {
      const res = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ content: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGING_MSG.subjectRequired });
      const res2 = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ subject: 'x', content: ' ' });
      expect(res2.body).toMatchObject({ message: MESSAGING_MSG.contentRequired });
    });
  });
});
