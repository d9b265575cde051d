import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { USER_EVENTS_MAXLEN, userEventsKey } from '@brokerage/contracts';
import { cacheSession, twoGateways } from './helpers.js';
import { openEvents, until, type Sse } from './sse-client.js';

const connect = (base: string, token: string, lastEventId?: string) => openEvents(base, { token, lastEventId });

// GET /api/events (issue 9 §2): SSE per tab, fanned out through Redis pub/sub, replay with Last-Event-ID.

/** What the messaging service runs for each event (services/messaging live-events.publisher.ts). */
const PUBLISH = `local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[1])
redis.call('PUBLISH', KEYS[1], id .. ' ' .. ARGV[1])
return id`;

describe('GET /api/events', () => {
  let gateways: Awaited<ReturnType<typeof twoGateways>>;
  let g1: typeof gateways.g1;
  let url1: string;
  let url2: string;
  let messaging1: Redis;
  let messaging2: Redis;
  const userA = `u-a-${randomBytes(4).toString('hex')}`;
  const userB = `u-b-${randomBytes(4).toString('hex')}`;
  const tokenA = randomBytes(32).toString('base64url');
  const tokenB = randomBytes(32).toString('base64url');
  const open: Sse[] = [];
  const publish = (via: Redis, userId: string, event: object) => via.eval(PUBLISH, 1, userEventsKey(userId), JSON.stringify(event), USER_EVENTS_MAXLEN) as Promise<string>;
  const sse = async (base: string, token: string, last?: string) => {
    const s = await connect(base, token, last);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    messaging1 = new Redis(process.env.REDIS_URL!);
    messaging2 = new Redis(process.env.REDIS_URL!);
    for (const [token, sub, name] of [[tokenA, userA, 'Ann'], [tokenB, userB, 'Ben']]) {
      await cacheSession(messaging1, token, { sub, role: 'BUYER', name, email: `${name}@example.com`, sid: `s-${sub}` }, 300);
    }
    gateways = await twoGateways(); // identity knows only the cached sessions
    ({ g1, url1, url2 } = gateways);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await gateways.close();
    messaging1.disconnect();
    messaging2.disconnect();
  });

  it('answers 401 without a session', async () => {
    const res = await g1.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
    const forged = await g1.inject({ method: 'GET', url: '/api/events', headers: { 'x-session-token': randomBytes(32).toString('base64url') } });
    expect(forged.statusCode).toBe(401);
  });

  it('delivers what any messaging replica publishes to every tab of that user on any gateway replica, and to no one else', async () => {
    const aOn1 = await sse(url1, tokenA);
    const aOn2 = await sse(url2, tokenA);
    const bOn2 = await sse(url2, tokenB);
    expect([aOn1.status, aOn2.status, bOn2.status]).toEqual([200, 200, 200]);
    const id1 = await publish(messaging1, userA, { type: 'message.new', messageId: 'm1', senderName: 'Ben', at: 'now' });
    const id2 = await publish(messaging2, userA, { type: 'message.read', messageId: 'm0', at: 'now' });
    await until(() => aOn1.events.length === 2 && aOn2.events.length === 2);
    for (const s of [aOn1, aOn2]) {
      expect(s.events.map((e) => e.id)).toEqual([id1, id2]);
      expect(s.events[0].data).toEqual({ type: 'message.new', messageId: 'm1', senderName: 'Ben', at: 'now' });
    }
    // a marker for B published after A's events: once B's stream has it, anything of A's would have come first
    const marker = await publish(messaging2, userB, { type: 'message.read', messageId: 'marker', at: 'now' });
    await until(() => bOn2.events.length >= 1);
    expect(bOn2.events.map((e) => e.id)).toEqual([marker]);
  });

  it('a reconnect with Last-Event-ID gets what it missed, then live events, nothing twice', async () => {
    const first = await sse(url1, tokenB);
    const seen = await publish(messaging1, userB, { type: 'message.new', messageId: 'b1', senderName: 'Ann', at: 'now' });
    await until(() => first.events.length === 1);
    first.close();
    const missed1 = await publish(messaging2, userB, { type: 'message.new', messageId: 'b2', senderName: 'Ann', at: 'now' });
    const missed2 = await publish(messaging1, userB, { type: 'message.read', messageId: 'b0', at: 'now' });
    const again = await sse(url2, tokenB, seen);
    const live = await publish(messaging2, userB, { type: 'message.new', messageId: 'b3', senderName: 'Ann', at: 'now' });
    await until(() => again.events.length >= 3);
    // a marker after them: once it is there, a repeat of any of them would have come first
    const marker = await publish(messaging1, userB, { type: 'message.read', messageId: 'marker', at: 'now' });
    await until(() => again.events.length >= 4);
    expect(again.events.map((e) => e.id)).toEqual([missed1, missed2, live, marker]);
  });
});
