import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { MSG, SESSION_COOKIE, SESSIONS_ENDED_CHANNEL, USER_EVENTS_MAXLEN, userEventsKey } from '@brokerage/contracts';
import { cacheSession, gateway, makeStaticDir, sha256Hex, startUpstream, type Upstream } from './helpers.js';
import { openEvents, until, type Sse } from './sse-client.js';
import { shutdownGracefully } from '../src/shutdown.js';

// Issue 21 §3 / issue 20 §2: REPLICAS_GATEWAY=2 runs two gateway processes with the same configuration and one Redis
// (infra/launcher/stack.mjs). Each gateway here is its own instance (its own caches, subscriptions, limiter state),
// configured as the launcher configures both, and called over HTTP through the public routes, as a load balancer
// in front of them would: what one gateway does must hold on the other.

type App = Awaited<ReturnType<typeof gateway>>;

/** What the messaging service runs for each event (services/messaging live-events.publisher.ts). */
const PUBLISH = `local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[1])
redis.call('PUBLISH', KEYS[1], id .. ' ' .. ARGV[1])
return id`;

const DEVICE_COOKIE = 'bb_device';
const subOf = (jwt: unknown) => (typeof jwt === 'string' ? JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string : null);
/** A client address of its own per test (X-Forwarded-For from the trusted load balancer): limits count per address. */
/** Waits until nothing accepts connections at `base` any more. */
const untilRefused = async (base: string) => {
  for (;;) {
    const refused = await fetch(`${base}/api/health`, { headers: { connection: 'close' } }).then(() => false, () => true);
    if (refused) return;
    await new Promise((r) => setTimeout(r, 50));
  }
};
const newIp = () => `10.${20 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/**
 * identity as the gateways see it: sign-in issues a session (identity's own store, plus the signed cache entry in
 * Redis), resolve answers from its store, logout revokes: the cache key goes and every gateway is told.
 */
function identityStandIn(redis: Redis): Promise<Upstream> {
  const sessions = new Map<string, { sub: string; role: string; name: string; email: string; sid: string }>();
  const json = (res: http.ServerResponse, status: number, body: unknown, cookie?: string) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    if (cookie) res.setHeader('set-cookie', cookie);
    res.end(JSON.stringify(body));
  };
  return startUpstream('identity', (r, res) => {
    const tokenOf = () => (r.headers['x-session-token'] as string | undefined)
      ?? /(?:^|;\s*)bb_session=([^;]+)/.exec(String(r.headers.cookie ?? ''))?.[1];
    if (r.url === '/auth/login') {
      const { email, password } = JSON.parse(r.body || '{}') as { email: string; password: string };
      if (password !== 'right') { json(res, 401, { message: 'Invalid email or password' }); return true; }
      const token = randomBytes(32).toString('base64url');
      const claims = { sub: `u-${sha256Hex(email).slice(0, 12)}`, role: 'BUYER', name: 'Blake', email, sid: randomUUID() };
      sessions.set(token, claims);
      void cacheSession(redis, token, claims, 300).then(() =>
        json(res, 200, { sessionToken: token, user: { id: claims.sub } }, `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`));
      return true;
    }
    if (r.url === '/internal/sessions/resolve') {
      const claims = sessions.get((JSON.parse(r.body || '{}') as { token?: string }).token ?? '');
      if (claims) json(res, 200, { claims }); else json(res, 401, { message: 'Authentication required' });
      return true;
    }
    if (r.url === '/auth/logout') {
      const token = tokenOf();
      if (token) sessions.delete(token);
      const th = token ? sha256Hex(token) : '';
      void redis.del(`session:${th}`).then(() => redis.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify({ tokenHashes: [th] })))
        .then(() => json(res, 200, { message: 'Signed out' }));
      return true;
    }
    if (r.url === '/auth/check-session') {
      const sub = subOf(r.headers['x-identity-token']);
      if (sub) json(res, 200, { user: { id: sub } }); else json(res, 401, { message: 'Authentication required' });
      return true;
    }
    return false;
  });
}

/** messaging as the gateways see it: a send publishes message.new to the receiver's and the sender's streams. */
function messagingStandIn(redis: Redis): Promise<Upstream> {
  return startUpstream('messaging', (r, res) => {
    if (r.url !== '/messages/send') return false;
    const from = subOf(r.headers['x-identity-token']);
    const to = /name="receiverId"\r\n\r\n([^\r]+)/.exec(r.body)?.[1];
    res.setHeader('content-type', 'application/json');
    if (!from || !to) { res.statusCode = 400; res.end('{"message":"Bad request"}'); return true; }
    const id = randomUUID();
    const event = JSON.stringify({ type: 'message.new', messageId: id, senderName: 'Blake', at: new Date().toISOString() });
    void Promise.all([to, from].map((u) => redis.eval(PUBLISH, 1, userEventsKey(u), event, USER_EVENTS_MAXLEN)))
      .then(() => { res.statusCode = 201; res.end(JSON.stringify({ data: { id } })); });
    return true;
  });
}

describe('two gateways (REPLICAS_GATEWAY=2): what one does holds on the other', () => {
  let redis: Redis;
  let identity: Upstream;
  let messaging: Upstream;
  const apps: App[] = [];
  let A: string;
  let B: string;
  const open: Sse[] = [];

  /** A gateway as the launcher starts each of them: one configuration, one Redis, a load balancer in front. */
  const start = async (env: Record<string, string> = {}) => {
    const app = await gateway({
      STATIC_DIR: staticDir, UPSTREAM_IDENTITY: identity.url, UPSTREAM_MESSAGING: messaging.url, COOKIE_SECURE: '0',
      TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '6', RATE_LIMIT_ACCOUNT_FAILURES: '3',
      RATE_LIMIT_ACCOUNT_LOCK_SECONDS: '60', RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '4', ...env,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  let staticDir: string;

  beforeAll(async () => {
    staticDir = makeStaticDir();
    redis = new Redis(process.env.REDIS_URL!);
    identity = await identityStandIn(redis);
    messaging = await messagingStandIn(redis);
    A = (await start()).url;
    B = (await start()).url;
  });
  // The limiter's counters are per address and shared through Redis by design: those other test files left for
  // 127.0.0.1 this minute (under their own, higher limits) would count against this file's low ones.
  beforeEach(async () => {
    const keys = await redis.keys('gw-rl:*');
    if (keys.length) await redis.del(...keys);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    for (const app of apps) await app.close();
    await identity.close();
    await messaging.close();
    redis.disconnect();
  });

  const call = async (base: string, method: string, p: string, o: { ip?: string; token?: string; cookie?: string; json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? newIp() };
    if (o.token) headers['x-session-token'] = o.token;
    if (o.cookie) headers.cookie = o.cookie;
    if (o.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}/api${p}`, { method, headers, body: o.json !== undefined ? JSON.stringify(o.json) : o.form });
    const body = await res.json() as Record<string, unknown>;
    return { status: res.status, body, setCookie: res.headers.getSetCookie(), connection: res.headers.get('connection') };
  };
  const signIn = (base: string, email: string, password = 'right', o: { ip?: string; cookie?: string } = {}) =>
    call(base, 'POST', '/auth/login', { ...o, json: { email, password } });
  const sse = async (base: string, token: string, lastEventId?: string) => {
    const s = await openEvents(base, { token, lastEventId });
    open.push(s);
    return s;
  };
  const newEmail = () => `${randomUUID()}@example.com`;

  it('a session made through one gateway works on the other (header and cookie); signing out through the other ends it on the first at once', async () => {
    const login = await signIn(A, newEmail());
    expect(login.status).toBe(200);
    const token = login.body.sessionToken as string;
    const me = login.body.user as { id: string };
    for (const base of [B, A]) {
      expect(await call(base, 'GET', '/auth/check-session', { token })).toMatchObject({ status: 200, body: { user: { id: me.id } } });
      expect(await call(base, 'GET', '/auth/check-session', { cookie: `${SESSION_COOKIE}=${token}` })).toMatchObject({ status: 200, body: { user: { id: me.id } } });
    }
    // A holds the signed identity in memory now, and a live-event stream of the session
    const stream = await sse(A, token);
    expect(stream.status).toBe(200);

    expect((await call(B, 'POST', '/auth/logout', { token })).status).toBe(200);
    await until(() => stream.endedAt !== null);
    for (const base of [A, B]) {
      expect(await call(base, 'GET', '/auth/check-session', { token })).toEqual(expect.objectContaining({ status: 401, body: { message: 'Authentication required' } }));
    }
    expect((await sse(A, token)).status).toBe(401);
  });

  it('a message sent through one gateway reaches the receiver\'s /api/events stream open on the other (and the sender\'s own tabs on both)', async () => {
    const sender = await signIn(A, newEmail());
    const receiver = await signIn(B, newEmail());
    const receiverId = (receiver.body.user as { id: string }).id;
    const onB = await sse(B, receiver.body.sessionToken as string);
    const senderOnA = await sse(A, sender.body.sessionToken as string);
    const senderOnB = await sse(B, sender.body.sessionToken as string);
    const form = new FormData();
    form.append('receiverId', receiverId);
    form.append('subject', 'Hello');
    form.append('content', 'Across gateways');
    const sent = await call(A, 'POST', '/messages/send', { token: sender.body.sessionToken as string, form });
    expect(sent.status).toBe(201);
    const messageId = (sent.body.data as { id: string }).id;
    await until(() => onB.events.length === 1 && senderOnA.events.length === 1 && senderOnB.events.length === 1);
    for (const s of [onB, senderOnA, senderOnB]) expect(s.events[0]!.data).toMatchObject({ type: 'message.new', messageId });
  });

  it('the per-address sign-in limit holds across both: sign-ins with different e-mails alternating between the gateways hit it at the same count as through one', async () => {
    const allowedBefore429 = async (gateways: string[]) => {
      const ip = newIp();
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await signIn(gateways[i % gateways.length]!, newEmail(), 'wrong', { ip })).status);
      // once refused, refused on every gateway
      for (const base of [A, B]) {
        const again = await signIn(base, newEmail(), 'wrong', { ip });
        expect(again).toMatchObject({ status: 429, body: { message: MSG.tooManyAttempts } });
      }
      return codes;
    };
    const throughOne = await allowedBefore429([A]);
    const alternating = await allowedBefore429([A, B]);
    expect(throughOne).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
    expect(alternating).toEqual(throughOne);
  });

  it('an account locked through one gateway is locked on the other; a device cookie one gateway issued is honoured by the other', async () => {
    const email = newEmail();
    const ok = await signIn(A, email, 'right');
    const device = ok.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0]!;
    for (const base of [B, A, B]) expect((await signIn(base, email, 'wrong')).status).toBe(401);
    for (const base of [A, B]) expect((await signIn(base, email, 'right')).status).toBe(429);
    // the owner's device (its cookie from A) still signs in, through B
    expect((await signIn(B, email, 'right', { cookie: device })).status).toBe(200);
  });

  it('unknown session tokens count against one budget per address across both gateways; a valid session from that address still works on both', async () => {
    const ip = newIp();
    const good = (await signIn(A, newEmail())).body.sessionToken as string;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(i % 2 ? B : A, 'GET', '/auth/check-session', { ip, token: randomBytes(32).toString('base64url') })).status);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    for (const base of [A, B]) expect((await call(base, 'GET', '/auth/check-session', { ip, token: good })).status).toBe(200);
  });

  it('SIGTERM drain: not ready at once, in-flight and new requests still answered (connection: close), streams told to reconnect; they resume on the other gateway with nothing lost or repeated; then connections are refused', async () => {
    // a slow messaging: an unread-count is in flight when the drain starts
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slow = await startUpstream('messaging', (r, res) => {
      if (r.url !== '/messages/unread-count') return false;
      void gate.then(() => { res.setHeader('content-type', 'application/json'); res.end('{"count":3}'); });
      return true;
    });
    const third = await start({ UPSTREAM_MESSAGING: slow.url });
    const C = third.url;
    try {
      const user = await signIn(A, newEmail());
      const token = user.body.sessionToken as string;
      const userId = (user.body.user as { id: string }).id;
      const publish = (n: number) => redis.eval(PUBLISH, 1, userEventsKey(userId), JSON.stringify({ type: 'message.new', messageId: `m${n}`, senderName: 'Al', at: 'now' }), USER_EVENTS_MAXLEN);
      const stream = await sse(C, token);
      await publish(1);
      await until(() => stream.events.length === 1);
      const inFlight = call(C, 'GET', '/messages/unread-count', { token });
      await until(() => slow.seen.length === 1);

      const closed = shutdownGracefully(third.app, 300);
      expect(await call(C, 'GET', '/health')).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable, status: 'shutting-down' }, connection: 'close' });
      await until(() => stream.endedAt !== null);
      expect(stream.events.at(-1)).toEqual({ id: undefined, data: {} }); // event: reconnect
      const during = await call(C, 'GET', '/auth/check-session', { token });
      expect(during).toMatchObject({ status: 200, connection: 'close' });
      // the load balancer sends the stream's reconnect to the other gateway, with the last id it saw
      await publish(2);
      const resumed = await sse(A, token, stream.events[0]!.id);
      await publish(3);
      await until(() => resumed.events.length === 2);
      expect(resumed.events.map((e) => (e.data as { messageId: string }).messageId)).toEqual(['m2', 'm3']);

      // the listener closes after the drain: new connections are refused while the request in flight is still served
      await untilRefused(C);
      release();
      expect(await inFlight).toMatchObject({ status: 200, body: { count: 3 }, connection: 'close' });
      await closed;
    } finally {
      release(); // a failed expectation must not leave the request (and the gateway's close) hanging
      await slow.close();
    }
  });
});
