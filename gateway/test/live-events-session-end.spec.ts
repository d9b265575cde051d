import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SESSIONS_ENDED_CHANNEL, USER_EVENTS_MAXLEN, USER_EVENT_LUA, userEventsKey, type SessionsEndedNotice } from '@brokerage/contracts';
import { cacheSession, sha256Hex, twoGateways } from './helpers.js';
import { openEvents as connect, until as untilMs, type Sse } from './sse-client.js';

const until = (check: () => boolean) => untilMs(check, 3000);

// issue 18 §3: an open GET /api/events stream lives no longer than its session. Identity announces every session end
// (sign-out, password reset or change, archive, delete: services/identity/test/sessions-ended.spec.ts checks each
// cause's notice) on SESSIONS_ENDED_CHANNEL; here the gateways close the session's streams within 2 s of it.

describe('GET /api/events ends with its session', () => {
  let gateways: Awaited<ReturnType<typeof twoGateways>>;
  let g1: typeof gateways.g1;
  let url1: string;
  let url2: string;
  let redis: Redis;
  const open: Sse[] = [];
  const cookieName = '__Host-bb_session';
  const sse = async (base: string, o: { token?: string; cookie?: string }) => {
    const s = await connect(base, o);
    open.push(s);
    return s;
  };
  const newToken = () => randomBytes(32).toString('base64url');
  const newUser = () => `u-${randomBytes(4).toString('hex')}`;
  const session = async (sub: string) => {
    const token = newToken();
    await cacheSession(redis, token, { sub, role: 'BUYER', name: 'Bo', sid: `s-${token.slice(0, 6)}` }, 300);
    return token;
  };
  /** What identity does when sessions end: the cache keys go, the notice is published. */
  const endSessions = async (...tokens: string[]) => {
    const notice: SessionsEndedNotice = { tokenHashes: tokens.map(sha256Hex) };
    await redis.del(...tokens.map((t) => `session:${sha256Hex(t)}`));
    await redis.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(notice));
    return Date.now();
  };
  const publish = (userId: string, event: object) => redis.eval(USER_EVENT_LUA, 1, userEventsKey(userId), JSON.stringify(event), USER_EVENTS_MAXLEN);

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    gateways = await twoGateways(); // identity knows only the cached sessions
    ({ g1, url1, url2 } = gateways);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await gateways.close();
    redis.disconnect();
  });

  it('closes every stream of an ended session (header or cookie, any gateway replica) within 2 s; other sessions stay', async () => {
    const user = newUser();
    const other = newUser();
    const ending = await session(user);
    const kept = await session(user);
    const stranger = await session(other);
    const viaHeader = await sse(url1, { token: ending });
    const viaCookie = await sse(url2, { cookie: `${cookieName}=${ending}` });
    const sameUserOtherSession = await sse(url1, { token: kept });
    const otherUser = await sse(url2, { token: stranger });
    expect([viaHeader.status, viaCookie.status, sameUserOtherSession.status, otherUser.status]).toEqual([200, 200, 200, 200]);

    const at = await endSessions(ending);
    await until(() => viaHeader.endedAt !== null && viaCookie.endedAt !== null);
    expect(viaHeader.endedAt! - at).toBeLessThan(2000);
    expect(viaCookie.endedAt! - at).toBeLessThan(2000);

    await publish(user, { type: 'message.new', messageId: 'm1', senderName: 'Al', at: 'now' });
    await until(() => sameUserOtherSession.events.length === 1);
    expect(sameUserOtherSession.endedAt).toBeNull();
    expect(otherUser.endedAt).toBeNull();
    // the browser's reconnect finds no session
    for (const [base, o] of [[url1, { token: ending }], [url2, { cookie: `${cookieName}=${ending}` }]] as const) {
      const again = await sse(base, o);
      expect(again.status).toBe(401);
    }
  });

  it('a session that ends several at once (archive, delete, password reset: all the user\'s sessions) closes them all', async () => {
    const user = newUser();
    const tokens = [await session(user), await session(user)];
    const streams = [await sse(url1, { token: tokens[0] }), await sse(url2, { token: tokens[1] }), await sse(url2, { token: tokens[0] })];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const at = await endSessions(...tokens);
    await until(() => streams.every((s) => s.endedAt !== null));
    for (const s of streams) expect(s.endedAt! - at).toBeLessThan(2000);
  });

  it('the signed identity the gateway cached for the session is dropped with it (no 30 s grace)', async () => {
    const user = newUser();
    const token = await session(user);
    expect((await g1.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const jwt = await g1.gateway.sessions.identityTokenFor(token, 'header');
    expect(jwt).toBeTruthy();
    // identity's notice without the key's deletion (say keyspace notifications are off): still refused at once
    await redis.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify({ tokenHashes: [sha256Hex(token)] }));
    await until(() => g1.gateway.sessions.isEnded(sha256Hex(token)));
    expect(await g1.gateway.sessions.identityTokenFor(token, 'header')).toBeNull();
  });

  it('after notices may have been missed (the subscription reconnected), streams whose session is gone are closed', async () => {
    const user = newUser();
    const gone = await session(user);
    const live = await session(user);
    // the live one first: the re-check goes through the streams in the order they opened, so it has passed b when a ends
    const b = await sse(url1, { token: live });
    const a = await sse(url1, { token: gone });
    await redis.del(`session:${sha256Hex(gone)}`); // identity revoked it; its notice never arrived
    g1.gateway.sessions.resync();
    await until(() => a.endedAt !== null);
    // b is still open: an event published now reaches it
    await publish(user, { type: 'message.read', messageId: 'after', at: 'now' });
    await until(() => b.events.length === 1);
    expect(b.endedAt).toBeNull();
  });

  it('malformed notices are ignored', async () => {
    const user = newUser();
    const token = await session(user);
    const s = await sse(url1, { token });
    for (const raw of ['not json', '{}', JSON.stringify({ tokenHashes: 'x' }), JSON.stringify({ tokenHashes: [sha256Hex(token).toUpperCase(), 42] })]) {
      await redis.publish(SESSIONS_ENDED_CHANNEL, raw);
    }
    // a valid notice after them ends its own stream: by then the malformed ones were handled (one subscription, in order)
    const other = await session(newUser());
    const o = await sse(url1, { token: other });
    await endSessions(other);
    await until(() => o.endedAt !== null);
    await publish(user, { type: 'message.read', messageId: 'after', at: 'now' });
    await until(() => s.events.length === 1);
    expect(s.endedAt).toBeNull();
  });
});
