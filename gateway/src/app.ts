import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyReplyFrom from '@fastify/reply-from';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { GatewayConfig } from './config.js';
import { FIRM, MSG, REQUEST_ID_HEADER, SESSION_HEADER, bodyTooLargeText, multipartBodyBytes } from '@brokerage/contracts';
import { buildPools, ReplicaPool, watchReadiness, type Pools } from './proxy/upstreams.js';
import { recordRequests } from './metrics.js';
import { BODY_TOO_LARGE, JSON_LIMIT, BodyLimitError, limitStream, lingerAfterRefusal, proxyTo, sendUnavailable } from './proxy/proxy.js';
import { RegistryFile } from './registry/registry.js';
import { compileRoutes, SERVICES, type RouteMatch, type ServiceName } from './routes/route-table.js';
import { mergedOpenApi } from './routes/docs.js';
import { securityHeaders } from './security/helmet.js';
import { Throttle, emailKey, retryAfterSeconds } from './security/rate-limit.js';
import { DeviceCookies, deviceCookieName } from './security/device-cookie.js';
import { MSG_CROSS_SITE, MSG_JSON_ONLY, bodyTypeRefused, crossSiteRefused } from './security/csrf.js';
import { IdentityUnavailableError, SessionResolver, sha256Hex, watchSessionDeletes } from './session/session.js';
import { importSigningKey, publicKeySet } from './session/keys.js';
import { cookieOf } from './session/cookie.js';
import { registerLiveEvents } from './events/live-events.js';
import { redirectNativePost, registerStatic, sendSpaPage } from './static/static.js';
import { PAINT_FIRST_JS, PAINT_FIRST_PATH } from './prerender/paint-first.js';
import { PrerenderedPages } from './prerender/prerendered-pages.js';
import { registerSeoRoutes } from './prerender/seo.js';

declare module 'fastify' {
  interface FastifyRequest {
    route_: RouteMatch | null;
    spaTried: boolean;
    /** The device id of a sign-in that came with a valid device cookie of its account (its own lockout). */
    signInDevice: string | null;
  }
}

/** The caller's session as the gateway resolved it: the x-identity-token (null: anonymous), or a wait (429). */
/** unavailable: a token came but identity could not say whose it is (answer 503, not anonymous). */
export interface CallerSession { token?: string; hash?: string; jwt: string | null; waitMs: number; unavailable?: boolean }

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export interface Gateway {
  app: FastifyInstance;
  pools: Pools;
  sessions: SessionResolver;
  registry: RegistryFile;
  redis: Redis;
  /** True once drain() was called (SIGTERM): not ready, every answer closes its connection. */
  readonly draining: boolean;
  /**
   * Starts a graceful shutdown (shutdown.ts): GET /api/health answers 503 at once (load balancers stop choosing this
   * gateway), every answer carries `connection: close`, open /api/events streams are told to reconnect (elsewhere).
   */
  drain(): void;
}

/** Builds the gateway (not listening). Call `app.listen(...)`; `app.close()` also closes Redis. */
export async function buildGateway(config: GatewayConfig): Promise<FastifyInstance & { gateway: Gateway }> {
  // Logs: one JSON line per request. Written through a buffered, asynchronous destination (flushed every 250 ms and at
  // close) so the hot path makes no write syscall per request.
  const logDest = config.logger === false || typeof config.logger === 'object' ? null
    : pino.destination({ dest: 1, sync: false, minLength: 8192 });
  const flushTimer = logDest ? setInterval(() => { try { logDest.flush(); } catch { /* not ready yet */ } }, 250).unref() : null;
  const loggerInstance = config.logger === false ? undefined
    : pino({ level: config.logLevel }, typeof config.logger === 'object' ? config.logger.stream : logDest!);
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (raw: IncomingMessage) => {
      const h = raw.headers[REQUEST_ID_HEADER];
      return typeof h === 'string' && REQUEST_ID_RE.test(h) ? h : randomUUID();
    },
    bodyLimit: JSON_LIMIT,
    // X-Forwarded-For only from the listed load balancers (req.ip = the first address they did not add)
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    return503OnClosing: true,
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }) as unknown as FastifyInstance & { gateway: Gateway };

  // commandTimeout bounds every Redis call on the request path (session cache, rate limits) when Redis is slow or down
  const redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: 1000 });
  let lastRedisWarn = 0;
  redis.on('error', (err) => {
    if (Date.now() - lastRedisWarn < 10_000) return; // one line per 10 s while Redis is away
    lastRedisWarn = Date.now();
    app.log.warn({ err: err.message }, 'redis error (sessions fall back to identity, rate limits are skipped)');
  });
  const pools = buildPools(config.upstreams, config.replicaCooldownMs);
  const stopReadiness = watchReadiness(pools);
  const registry = new RegistryFile(config.registryFile, 250, (msg) => app.log.warn(msg));
  registry.loadNow((f) => readFileSync(f, 'utf8'));
  const throttle = new Throttle(redis, config.rateLimits, app.log);
  const devices = DeviceCookies.fromSigningJwk(config.identityPrivateKey, deviceCookieName(config.cookieSecure), config.cookieSecure);
  const sessions = new SessionResolver({
    redis,
    identityKey: await importSigningKey(config.identityPrivateKey, 'IDENTITY_JWT_PRIVATE_KEY'),
    serviceKey: await importSigningKey(config.servicePrivateKey, 'SERVICE_JWT_PRIVATE_KEY'),
    cacheKeys: publicKeySet(config.sessionCachePublicKeys, 'SESSION_CACHE_PUBLIC_KEYS'),
    // sessions/resolve is an internal route: identity's internal port(s), not the public pool
    identity: new ReplicaPool('identity', config.identityInternal, config.replicaCooldownMs), cacheMs: config.sessionCacheMs, log: app.log,
    onIdentityResolved: (hash) => throttle.sessionSeen(hash),
  });
  const stopWatch = await watchSessionDeletes(redis, sessions, app.log);
  // draining (SIGTERM): every answer closes its connection (onSend), so no kept-alive socket is reused after the
  // listener closes
  let draining = false;
  let events: { reconnectAll(): void } | null = null;
  app.decorate('gateway', {
    app, pools, sessions, registry, redis,
    get draining() { return draining; },
    drain() {
      if (draining) return;
      draining = true;
      events?.reconnectAll();
    },
  });
  app.decorateRequest('identityJwt', null);
  app.decorateRequest('bodyTooLarge', false);
  app.decorateRequest('streamLimit', JSON_LIMIT);
  app.decorateRequest('bodyBytes', 0);
  app.decorateRequest('bodyLimitMessage', undefined);
  app.decorateRequest('signInBody', undefined);
  app.decorateRequest('signInDevice', null);
  app.decorateRequest('route_', null);
  app.decorateRequest('spaTried', false);
  app.addHook('onClose', async () => {
    stopReadiness();
    await stopWatch();
    redis.disconnect();
    if (flushTimer) clearInterval(flushTimer);
    if (logDest) { try { logDest.flushSync(); } catch { /* closed */ } }
  });

  // ── request id + one log line per request (no tokens, no bodies, no query strings) ─────────────────────────────
  // request id and the security headers (helmet's set, CSP included, precomputed: see security/helmet.ts)
  const security = securityHeaders(registry, config.cookieSecure);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(security()).header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // /metrics (served on METRICS_PORT by main.ts): route family = the route table's entry, else Fastify's route
  recordRequests(app, (req) => (req.route_ ? `/api${req.route_.entry.path}` : req.routeOptions.url ?? 'unmatched'));
  app.addHook('onResponse', (req, reply, done) => {
    const q = req.url.indexOf('?');
    req.log.info({ method: req.method, path: q >= 0 ? req.url.slice(0, q) : req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 100) / 100 }, 'request');
    done();
  });

  await app.register(fastifyReplyFrom, {
    disableRequestLogging: true,
    destroyAgent: true, // close upstream keep-alive sockets on app.close()
    // per upstream origin: sign-ins queued for an argon2 turn (seconds in a burst) must not hold every connection to identity
    // while its other routes wait behind them in the gateway (a 500-sign-in burst timed out every check-session: npm run soak)
    undici: { connections: 1024, pipelining: 1, keepAliveTimeout: 30_000, connect: { timeout: 900 } },
  });
  // API answers are never cached by browsers or proxies (they carry personal data)
  // A sign-in's answer is counted (failures lock the account or the device, a success clears them) before the client
  // sees it, so the next attempt always meets the updated count; a success also trusts the device (device cookie).
  // A session identity issues (its cookie on a sign-in or restore) is known from then on (see Throttle.sessionKnown).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/') || req.url === '/api') reply.header('cache-control', 'no-store');
    if (draining) reply.header('connection', 'close'); // also the answers of requests in flight when the drain began
    if (req.route_) {
      const issued = issuedSessionToken(reply.getHeader('set-cookie'), config.sessionCookie);
      if (issued) throttle.sessionSeen(sha256Hex(issued));
    }
    if (req.signInBody === undefined) { done(null, payload); return; }
    const body = req.signInBody;
    req.signInBody = undefined;
    void throttle.signInAnswered(body, reply.statusCode, req.signInDevice).then(() => {
      const account = emailKey(body);
      if (reply.statusCode === 200 && account) reply.header('set-cookie', devices.issue(account));
      done(null, payload);
    });
  });

  // ── body parsing: JSON parsed (1 MB, empty allowed); anything else streamed through with a per-route limit ──────
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_LIMIT }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') { done(null, undefined); return; }
    try { done(null, JSON.parse(text)); } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (req, payload, done) => {
    const len = Number(req.headers['content-length'] ?? 0);
    if (len > req.streamLimit) { done(new BodyLimitError(), undefined); return; }
    done(null, payload.pipe(limitStream(req, req.streamLimit)));
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ reqId: req.id, err: err.message, code: err.code }, 'gateway error');
    const message = status === 413 ? (req.bodyLimitMessage ?? BODY_TOO_LARGE)
      : status === 429 ? MSG.tooManyAttempts
      : status === 400 ? (err.message === 'Invalid JSON body' ? err.message : 'Bad request')
      : status >= 500 ? MSG.somethingWrong : err.message;
    // a body over its limit is drained for a moment (no reset before the 413); any other unread body closes
    if (status === 413) lingerAfterRefusal(req);
    else if (!req.raw.complete) reply.header('connection', 'close');
    reply.code(status).send({ message });
  });

  // ── static shell, remotes, registry ─────────────────────────────────────────────────────────────────────────
  app.get('/mfe-registry.json', async (_req, reply) => {
    const body = await registry.json();
    return reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8').send(body);
  });
  app.get(PAINT_FIRST_PATH, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(PAINT_FIRST_JS));
  await registerStatic(app, config.staticDir);
  const pages = new PrerenderedPages({ staticDir: config.staticDir, registry, publicUrl: config.publicUrl, siteName: FIRM.name });
  registerSeoRoutes(app, pages, config.publicUrl);
  // The static plugin would answer the bare folder; the home page is composed like every other page.
  app.get('/', async (req, reply) => (await sendSpaPage(req, reply, pages)) ?? reply.callNotFound());
  app.setNotFoundHandler(async (req, reply) => {
    if (!req.spaTried) {
      req.spaTried = true;
      const r = redirectNativePost(req, reply) ?? await sendSpaPage(req, reply, pages);
      if (r) return r;
    }
    return reply.code(404).header('cache-control', 'no-cache').send({ message: MSG.notFound });
  });

  // ── /api ──────────────────────────────────────────────────────────────────────────────────────────────────────
  const routes = compileRoutes(config.routeTable);
  const deps = { pools, connectBudgetMs: config.connectBudgetMs, upstreamTimeoutMs: config.upstreamTimeoutMs };

  /** onRequest: decide before reading any body; unknown/planned routes answer without reading it. */
  const routeGuard = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.url.indexOf('?');
    const p = (q >= 0 ? req.url.slice(0, q) : req.url).slice(4); // strip "/api"
    const m = routes.match(req.method, p || '/');
    if (!m || m.entry.status === 'planned') {
      // answered without reading the body: don't make the socket drain a large upload first
      const len = Number(req.headers['content-length'] ?? 0);
      if (len > 65_536 || req.headers['transfer-encoding']) reply.header('connection', 'close');
    }
    if (!m) {
      if (routes.pathExists(p)) return reply.code(405).send({ message: 'Method not allowed' });
      return reply.code(404).send({ message: MSG.notFound });
    }
    if (m.entry.status === 'planned') return reply.code(501).send({ message: MSG.notImplemented });
    if (bodyTypeRefused(req, m.entry.multipart === true, m.entry.path)) return reply.code(415).header('connection', 'close').send({ message: MSG_JSON_ONLY });
    if (crossSiteRefused(req, m.entry.path, Boolean(cookieOf(req, config.sessionCookie)))) {
      return reply.code(403).header('connection', 'close').send({ message: MSG_CROSS_SITE });
    }
    req.route_ = m;
    if (m.entry.multipart) {
      // the route's total (its files × 25 MB plus the fields), lowered by the configured limit of its kind when set
      const own = multipartBodyBytes(m.entry.maxFiles ?? 1);
      const cap = config.bodyLimits[m.entry.bodyLimit ?? 'upload'];
      req.streamLimit = Math.min(own, cap);
      req.bodyLimitMessage = own <= cap ? bodyTooLargeText(m.entry.maxFiles ?? 1) : BODY_TOO_LARGE;
      // a body declared larger than that is refused now, before a byte of it is read (not after a 30 MB upload)
      if (Number(req.headers['content-length'] ?? 0) > req.streamLimit) {
        req.bodyTooLarge = true;
        lingerAfterRefusal(req);
        return reply.code(413).send({ message: req.bodyLimitMessage });
      }
    }
    bodyDeadline(req, reply);
    return undefined;
  };

  /**
   * A client that has not sent its whole body within CLIENT_TIMEOUT_MS gets 408 and the connection is closed. A
   * streamed (multipart) body gets further windows of that length while at least STREAM_MIN_BYTES_PER_SECOND arrive.
   */
  const bodyDeadline = (req: FastifyRequest, reply: FastifyReply) => {
    if (req.raw.complete || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) return;
    const minPerWindow = req.route_?.entry.multipart ? (config.streamMinBytesPerSecond * config.clientTimeoutMs) / 1000 : Infinity;
    let before = 0;
    const timer = setInterval(() => {
      if (req.raw.complete || reply.sent) { clearInterval(timer); return; }
      if (req.bodyBytes - before >= minPerWindow) { before = req.bodyBytes; return; }
      clearInterval(timer);
      reply.raw.once('finish', () => req.raw.destroy());
      reply.code(408).header('connection', 'close').send({ message: MSG.loginTimeout });
    }, config.clientTimeoutMs);
    const clear = () => clearInterval(timer);
    req.raw.once('end', clear);
    reply.raw.once('close', clear);
  };

  const tooMany = (reply: FastifyReply, waitMs: number) =>
    reply.code(429).header('retry-after', retryAfterSeconds(waitMs)).send({ message: MSG.tooManyAttempts });

  /**
   * The caller's session (X-Session-Token, else the session cookie). A token that is no session counts against the
   * client's unknown-token budget (guessing tokens, or hammering identity with them); over it, only unknown tokens
   * are refused: the caches and sessions known from before still resolve, so a valid session behind the same address
   * (an office's NAT) keeps working.
   */
  const callerSession = async (req: FastifyRequest, countUnknown = true): Promise<CallerSession> => {
    const headerToken = req.headers[SESSION_HEADER];
    const cookieToken = cookieOf(req, config.sessionCookie);
    let token: string | undefined; let via: 'header' | 'cookie' = 'header';
    if (typeof headerToken === 'string' && headerToken) token = headerToken;
    else if (cookieToken) { token = cookieToken; via = 'cookie'; }
    if (!token) return { jwt: null, waitMs: 0 };
    const blocked = throttle.badTokenWait(req.ip);
    let jwt: string | null;
    try {
      jwt = await sessions.identityTokenFor(token, via, blocked > 0 ? { mayAskIdentity: (h) => throttle.sessionKnown(h) } : {});
    } catch (err) {
      if (!(err instanceof IdentityUnavailableError)) throw err;
      return { token, hash: sha256Hex(token), jwt: null, waitMs: 0, unavailable: true };
    }
    const waitMs = jwt || !countUnknown ? 0 : blocked > 0 ? blocked : await throttle.badToken(req.ip);
    return { token, hash: sha256Hex(token), jwt, waitMs };
  };

  const apiHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const m = req.route_!;
    if (req.method === 'POST') {
      const signIn = m.entry.path === '/auth/login';
      const device = signIn ? devices.deviceFor(req, emailKey(req.body)) : null;
      const limited = throttle.rulesFor(m.entry.path, req.ip, req.body, device);
      if (limited) {
        const wait = await throttle.check(limited.rules, limited.lockKey);
        if (wait > 0) return tooMany(reply, wait);
        if (signIn) { req.signInBody = req.body ?? null; req.signInDevice = device; }
      }
    }
    const q = req.url.indexOf('?');
    const upstreamPath = (q >= 0 ? req.url.slice(4, q) : req.url.slice(4)) || '/';
    const logout = m.entry.path === '/auth/logout';
    const caller = await callerSession(req, !logout);
    if (caller.waitMs > 0) return tooMany(reply, caller.waitMs);
    // identity could not check the session: 503 (retry), never the request as anonymous (a 401 signs the user out)
    if (caller.unavailable && !logout) { sendUnavailable(reply); return reply; }
    req.identityJwt = caller.jwt;
    if (logout && caller.token) {
      // identity revokes the session; forget our signed copy once the logout is answered
      const t = caller.token;
      sessions.invalidateToken(t);
      reply.raw.once('finish', () => sessions.invalidateToken(t));
    }
    return proxyTo(deps, req, reply, m.entry.service, upstreamPath);
  };

  app.get('/api/health', async (_req, reply) => {
    // shutting down (SIGTERM): not ready, so a load balancer sends the next requests to another gateway
    if (draining) return reply.code(503).header('cache-control', 'no-store').send({ message: MSG.serviceUnavailable, status: 'shutting-down' });
    let redisOk = false;
    try { redisOk = (await redis.ping()) === 'PONG'; } catch { /* down */ }
    // 200 while the gateway serves; without Redis it still routes (anonymous-or-identity lookups, no rate limits),
    // and every replica shares that Redis, so a 503 here would only take all of them out of a load balancer at once.
    return reply.header('cache-control', 'no-store').send({ status: redisOk ? 'ok' : 'degraded', redis: redisOk });
  });
  app.get('/api/health/:service', (req, reply) => {
    const service = (req.params as { service: string }).service as ServiceName;
    if (!(SERVICES as readonly string[]).includes(service)) return reply.code(404).send({ message: MSG.notFound });
    return proxyTo(deps, req, reply, service, '/health');
  });
  app.get('/api/docs', async (_req, reply) => {
    const doc = await mergedOpenApi(pools, config.routeTable);
    return reply.send(doc);
  });
  events = registerLiveEvents(app, { redis, sessions, callerSession, draining: () => draining });
  app.all('/api', (_req, reply) => reply.code(404).send({ message: MSG.notFound }));
  app.all('/api/*', { onRequest: routeGuard }, apiHandler);

  return app;
}

/** The session token a response sets (the session cookie with a value), if any. */
function issuedSessionToken(setCookie: unknown, cookieName: string): string | null {
  const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  for (const c of list) {
    if (typeof c !== 'string' || !c.startsWith(`${cookieName}=`)) continue;
    const end = c.indexOf(';');
    const value = c.slice(cookieName.length + 1, end < 0 ? undefined : end).trim();
    if (value) { try { return decodeURIComponent(value); } catch { return value; } }
  }
  return null;
}
