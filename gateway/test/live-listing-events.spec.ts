import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { USER_EVENT_LUA, USER_EVENTS_MAXLEN, userEventsKey } from '@brokerage/contracts';
import { LISTING_EVENT_TYPES, type ListingEvent } from '@brokerage/contracts/live-events';
import { cacheSession, gateway } from './helpers.js';
import { openEvents, until, type Sse } from './sse-client.js';

/**
 * Issue 19 §2: the listing events (contracts live-events) reach the open GET /api/events streams of their recipients
 * within 2 s, as checklists' relay writes them: one USER_EVENT_LUA call with every recipient's stream as a key. The
 * gateway streams each user their own stream only: a user who is not a recipient gets nothing; a reconnect replays.
 */
describe('GET /api/events: listing events', () => {
  let g: Awaited<ReturnType<typeof gateway>>;
  let base: string;
  let relay: Redis;
  const users = ['seller', 'agent', 'buyer', 'outsider'].map((name) => ({ name, sub: `u-${name}-${randomBytes(4).toString('hex')}`, token: randomBytes(32).toString('base64url') }));
  const [seller, agent, buyer, outsider] = users as [typeof users[0], typeof users[0], typeof users[0], typeof users[0]];
  const open: Sse[] = [];
  const sse = async (token: string, lastEventId?: string) => {
    const s = await openEvents(base, { token, lastEventId });
    open.push(s);
    return s;
  };
  /** What the relay runs for one event: XADD + PUBLISH on each recipient's stream, one command. */
  const relayTo = (recipients: Array<{ sub: string }>, event: ListingEvent) =>
    relay.eval(USER_EVENT_LUA, recipients.length, ...recipients.map((u) => userEventsKey(u.sub)), JSON.stringify(event), USER_EVENTS_MAXLEN) as Promise<string>;

  beforeAll(async () => {
    relay = new Redis(process.env.REDIS_URL!);
    for (const u of users) await cacheSession(relay, u.token, { sub: u.sub, role: 'BUYER', name: u.name, email: `${u.name}@example.com`, sid: `s-${u.sub}` }, 300);
    g = await gateway();
    await g.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(g.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await g.close();
    relay.disconnect();
  });

  it('each kind reaches every recipient\'s open stream within 2 s, in order, ids only; a user who is not a recipient gets none', async () => {
    const [s, a, b, o] = await Promise.all([seller, agent, buyer, outsider].map((u) => sse(u.token)));
    const listingId = randomUUID();
    const sent: ListingEvent[] = LISTING_EVENT_TYPES.map((type, i) => ({ type, listingId, documentId: `d-${i}`, at: new Date().toISOString() }));
    const started = Date.now();
    for (const e of sent) await relayTo([seller, agent, buyer], e);
    await until(() => [s, a, b].every((x) => x!.events.length === sent.length), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const x of [s, a, b]) expect(x!.events.map((e) => e.data)).toEqual(sent);
    // a marker for the outsider published after them: once it is there, any of them would have come first
    const marker: ListingEvent = { type: 'document.uploaded', listingId: randomUUID(), documentId: 'marker', at: 'now' };
    await relayTo([outsider], marker);
    await until(() => o!.events.length >= 1, 2000);
    expect(o!.events.map((e) => e.data)).toEqual([marker]);
  });

  it('a tab that reconnects with Last-Event-ID gets the listing events it missed, once', async () => {
    const first = await sse(buyer.token);
    const listingId = randomUUID();
    const seen = await relayTo([buyer, agent], { type: 'step.completed', listingId, userId: buyer.sub, stepId: 3, kind: 'BUYER', by: 'staff', at: 'now' });
    await until(() => first.events.some((e) => e.id === seen));
    first.close();
    const missed: ListingEvent = { type: 'document.uploaded', listingId, documentId: 'd-new', at: 'now' };
    await relayTo([buyer], missed);
    const again = await sse(buyer.token, seen);
    await until(() => again.events.length >= 1, 2000);
    const marker: ListingEvent = { type: 'document.uploaded', listingId, documentId: 'marker', at: 'now' };
    await relayTo([buyer], marker);
    await until(() => again.events.length >= 2, 2000);
    expect(again.events.map((e) => e.data)).toEqual([missed, marker]);
  });
});
