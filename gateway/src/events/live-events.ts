import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { MSG, USER_EVENTS_PATTERN, userEventsKey } from '@brokerage/contracts';
import type { SessionResolver } from '../session/session.js';
import type { CallerSession } from '../app.js';
import { retryAfterSeconds } from '../security/rate-limit.js';
import { eventStreamsOpen } from '../metrics.js';

/** How many stored events one reconnect replays at most (the stream keeps about USER_EVENTS_MAXLEN). */
const REPLAY_MAX = 1000;
const HEARTBEAT_MS = 25_000;
const STREAM_ID = /^\d{1,20}-\d{1,20}$/;
const CHANNEL_PREFIX = userEventsKey('');

interface Client {
  /** sha256 of the session token the stream was opened with, and the token (re-checked after missed notices). */
  hash: string;
  token: string;
  /** Stream id of the last event written to this connection. */
  lastId: string | null;
  /** Live events that arrived while the replay was running; null once live. */
  pending: Array<[string, string]> | null;
  write(id: string, data: string): void;
  /** Ends the stream (its session ended). */
  end(): void;
  /** Ends the stream with `event: reconnect` and a 1 s retry (this gateway is shutting down). */
  reconnect(): void;
}

/** Redis stream ids "ms-seq" compared numerically. */
export function streamIdAfter(a: string, b: string | null): boolean {
  if (b === null) return true;
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am > bm || (am === bm && as > bs);
}

function userOf(identityJwt: string): string | null {
  try {
    const claims = JSON.parse(Buffer.from(identityJwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/events (issue 9 §2): the signed-in user's live events as server-sent events, one stream per tab. Each
 * gateway replica holds one Redis subscription (pattern events:user:*) and fans out to its connections, so any number
 * of messaging and gateway replicas work without sticky sessions. A reconnect with Last-Event-ID first replays the
 * user's stored events after that id, then continues live, with nothing lost or repeated in between.
 * A stream lives no longer than its session: when identity announces the session ended (sign-out, password reset or
 * change, archive, delete) the stream is closed at once, and the browser's reconnect meets 401. After the notices may
 * have been missed (the Redis subscription reconnected), every open stream's session is checked again.
 * Opening a stream with a token that is no session counts against the client's unknown-token budget like any API call.
 */
export function registerLiveEvents(app: FastifyInstance, o: {
  redis: Redis;
  sessions: SessionResolver;
  /** The caller's session and the unknown-token limit, as for every /api call (app.ts). */
  callerSession: (req: FastifyRequest) => Promise<CallerSession>;
  /** The gateway is shutting down: a stream opened now is told to reconnect (elsewhere) at once. */
  draining: () => boolean;
}): { reconnectAll(): void } {
  const clients = new Map<string, Set<Client>>();
  /** Open streams by the token hash of their session. */
  const bySession = new Map<string, Set<Client>>();
  const endSessions = (hashes: string[]) => {
    for (const h of hashes) for (const c of [...(bySession.get(h) ?? [])]) c.end();
  };
  const recheck = async () => {
    for (const [hash, set] of [...bySession]) {
      const first = set.values().next().value;
      if (!first) continue;
      o.sessions.invalidateHash(hash);
      // identity unavailable (throws): the session is not known to have ended, so its streams stay
      const live = await o.sessions.identityTokenFor(first.token, 'header').catch(() => 'unknown');
      if (!live) endSessions([hash]);
    }
  };
  const stopListening = o.sessions.onSessionEnd({
    ended: endSessions,
    resync: () => { void recheck().catch((err: Error) => app.log.warn({ err: err.message }, 'live events: session re-check failed')); },
  });
  const sub = o.redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, commandTimeout: undefined });
  sub.on('error', () => { /* reconnects by itself and re-subscribes */ });
  void sub.psubscribe(USER_EVENTS_PATTERN).catch((err: Error) => app.log.warn({ err: err.message }, 'live events: cannot subscribe'));
  sub.on('pmessage', (_pattern: string, channel: string, raw: string) => {
    const set = clients.get(channel.slice(CHANNEL_PREFIX.length));
    if (!set) return;
    const sp = raw.indexOf(' ');
    if (sp <= 0) return;
    const id = raw.slice(0, sp);
    const data = raw.slice(sp + 1);
    for (const c of set) {
      if (c.pending) c.pending.push([id, data]);
      else if (streamIdAfter(id, c.lastId)) c.write(id, data);
    }
  });
  app.addHook('onClose', async () => { stopListening(); sub.disconnect(); });
  // Shutting down (SIGTERM, issue 20 §2): every open stream is told to reconnect (to another gateway) in 1 s and
  // closed, when the drain starts and again before the listener closes; its Last-Event-ID replays what it misses.
  const reconnectAll = () => { for (const set of clients.values()) for (const c of [...set]) c.reconnect(); };
  app.addHook('preClose', (done) => { reconnectAll(); done(); });

  app.get('/api/events', async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await o.callerSession(req);
    if (session.unavailable) {
      return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send({ message: MSG.serviceUnavailable });
    }
    if (session.waitMs > 0) {
      return reply.code(429).header('retry-after', retryAfterSeconds(session.waitMs)).header('cache-control', 'no-store')
        .send({ message: MSG.tooManyAttempts });
    }
    const userId = session.jwt ? userOf(session.jwt) : null;
    if (!userId || !session.token || !session.hash) return reply.code(401).header('cache-control', 'no-store').send({ message: MSG.authRequired });

    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    const hash = session.hash;
    const client: Client = {
      hash,
      token: session.token,
      lastId: null,
      pending: [],
      write(id, data) {
        if (res.writableEnded) return;
        client.lastId = id;
        res.write(`id: ${id}\ndata: ${data}\n\n`);
      },
      end() {
        if (!res.writableEnded) res.end();
        req.raw.socket.destroySoon();
      },
      reconnect() {
        if (!res.writableEnded) res.write('retry: 1000\nevent: reconnect\ndata: {}\n\n');
        client.end();
      },
    };
    let set = clients.get(userId);
    if (!set) clients.set(userId, (set = new Set()));
    set.add(client);
    let same = bySession.get(hash);
    if (!same) bySession.set(hash, (same = new Set()));
    same.add(client);
    eventStreamsOpen.inc();
    const heartbeat = setInterval(() => { if (!res.writableEnded) res.write(': ping\n\n'); }, HEARTBEAT_MS).unref();
    req.raw.socket.setTimeout(0);
    res.on('close', () => {
      eventStreamsOpen.dec();
      clearInterval(heartbeat);
      set.delete(client);
      if (set.size === 0 && clients.get(userId) === set) clients.delete(userId);
      same.delete(client);
      if (same.size === 0 && bySession.get(hash) === same) bySession.delete(hash);
    });
    // the session may have ended while this stream was being opened
    if (o.sessions.isEnded(hash)) { client.end(); return; }
    // opened on a gateway that is shutting down: reconnect (the load balancer no longer chooses this one)
    if (o.draining()) { client.reconnect(); return; }

    const last = req.headers['last-event-id'] ?? (req.query as { lastEventId?: string }).lastEventId;
    if (typeof last === 'string' && STREAM_ID.test(last)) {
      client.lastId = last;
      try {
        const stored = await o.redis.xrange(userEventsKey(userId), `(${last}`, '+', 'COUNT', REPLAY_MAX);
        for (const [id, fields] of stored) {
          const i = fields.indexOf('e');
          if (i >= 0 && fields[i + 1] !== undefined) client.write(id, fields[i + 1]!);
        }
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'live events: replay failed');
      }
    }
    const pending = client.pending ?? [];
    client.pending = null;
    for (const [id, data] of pending) if (streamIdAfter(id, client.lastId)) client.write(id, data);
  });
  return { reconnectAll };
}
