import { Transform, type TransformCallback } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_HEADER, MSG, REQUEST_ID_HEADER, SESSION_COOKIE, SESSION_COOKIE_SECURE, SESSION_HEADER } from '@brokerage/contracts';
import type { ServiceName } from '../routes/route-table.js';
import { isConnectError, isResetError, isTimeoutError, type Pools } from './upstreams.js';

export const JSON_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Signed identity for the upstream (null: anonymous). */
    identityJwt: string | null;
    /** Set when a streamed body went over its limit. */
    bodyTooLarge: boolean;
    /** Body limit for streamed (non-JSON) bodies on this route (config bodyLimits on multipart routes). */
    streamLimit: number;
    /** The 413 text of this route's body limit (multipart routes: contracts bodyTooLargeText). */
    bodyLimitMessage?: string;
    /** Bytes of a streamed body read so far (the slow-client check of multipart routes). */
    bodyBytes: number;
    /** The body of a sign-in whose answer must be counted (lockout) before it is sent. */
    signInBody: unknown;
  }
}

/** The 413 text of a body over a limit that is no route's own total (JSON bodies, a configured lower cap). */
export const BODY_TOO_LARGE = 'Request body is too large';

export class BodyLimitError extends Error {
  statusCode = 413;
  constructor() { super(BODY_TOO_LARGE); }
}

/** Counts bytes of a streamed body and fails once it passes the limit. */
export function limitStream(req: FastifyRequest, limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
      seen += chunk.length;
      req.bodyBytes = seen;
      if (seen > limit) { req.bodyTooLarge = true; cb(new BodyLimitError()); return; }
      cb(null, chunk);
    },
  });
}

/** How long a refused body may keep coming (read and dropped) before the connection is cut. */
const LINGER_MS = 2000;

/**
 * After a 413 sent while the body is still coming, the rest is read and dropped for a moment (nginx's lingering
 * close) on a connection kept open: closing a socket with unread data sends a reset, which can reach the client
 * before the 413 it should read. A body still coming after LINGER_MS gets the connection cut.
 */
export function lingerAfterRefusal(req: FastifyRequest): void {
  const raw = req.raw;
  if (raw.complete) return;
  const cut = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
  cut.unref();
  raw.once('end', () => clearTimeout(cut));
  raw.once('close', () => clearTimeout(cut));
  raw.resume();
}

function stripSessionCookie(cookie: string): string {
  return cookie.split(/;\s*/).filter((c) => !c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE_SECURE}=`)).join('; ');
}

/** Outgoing headers: no identity from outside, signed identity when there is one, request id, forwarded-for. */
function upstreamHeaders(req: FastifyRequest, headers: IncomingHttpHeaders, service: ServiceName): IncomingHttpHeaders {
  for (const h of Object.keys(headers)) {
    if (h === IDENTITY_HEADER || h.startsWith('x-user-') || h === 'x-user') delete headers[h];
  }
  if (req.identityJwt) headers[IDENTITY_HEADER] = req.identityJwt;
  headers[REQUEST_ID_HEADER] = req.id;
  // the client as the gateway determined it (X-Forwarded-For honoured only from TRUSTED_PROXIES), never the raw header
  headers['x-forwarded-for'] = req.ip;
  headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  // Only identity needs the raw session token (login, logout, restore); the others get the signed identity only.
  if (service !== 'identity') {
    delete headers[SESSION_HEADER];
    if (typeof headers.cookie === 'string' && headers.cookie.includes(`${SESSION_COOKIE}=`)) { // also matches __Host-bb_session
      const rest = stripSessionCookie(headers.cookie);
      if (rest) headers.cookie = rest; else delete headers.cookie;
    }
  }
  return headers;
}

export function sendUnavailable(reply: FastifyReply): void {
  if (reply.sent) return;
  reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send({ message: MSG.serviceUnavailable });
}

export interface ProxyDeps { pools: Pools; connectBudgetMs: number; upstreamTimeoutMs: number }

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Whether the request may be sent again to another replica after one took it and failed (went away, or answered
 * 503 not ready): reads (GET/HEAD), and writes that carry an Idempotency-Key (the service answers a repeat with the
 * stored answer) whose body is not a stream already read.
 */
export function mayRepeat(req: FastifyRequest, streamed: boolean): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  return !streamed && typeof req.headers[IDEMPOTENCY_HEADER] === 'string' && req.headers[IDEMPOTENCY_HEADER] !== '';
}

/**
 * Proxies the request to one replica of `service` through @fastify/reply-from (undici). A replica that cannot be
 * connected to is marked down and the next one is tried (bodies not yet streamed only) until the connect budget is
 * spent; then 503 {message}. A repeatable request (mayRepeat) is also tried on the next replica when one answers
 * 503 (not ready: marked so) or goes away before answering.
 */
export function proxyTo(deps: ProxyDeps, req: FastifyRequest, reply: FastifyReply, service: ServiceName, upstreamPath: string): FastifyReply {
  const pool = deps.pools[service];
  const tried = new Set<string>();
  const deadline = Date.now() + deps.connectBudgetMs;
  const streamed = req.body !== null && typeof req.body === 'object' && typeof (req.body as { pipe?: unknown }).pipe === 'function';
  const repeatable = mayRepeat(req, streamed);
  const another = () => tried.size < pool.size && Date.now() < deadline + deps.connectBudgetMs;

  const attempt = (): void => {
    const origin = pool.next(tried);
    if (!origin) { sendUnavailable(reply); return; }
    tried.add(origin);
    try {
      reply.from(upstreamPath, {
        getUpstream: () => origin,
        timeout: deps.upstreamTimeoutMs,
        retryDelay: () => null,
        rewriteRequestHeaders: (_r, headers) => upstreamHeaders(req, headers, service),
        rewriteHeaders: (headers) => {
          pool.markUp(origin);
          return headers;
        },
        onResponse: (_rq, rep, res) => {
          const upstream = res as unknown as { statusCode: number; headers: Record<string, unknown>; stream: NodeJS.ReadableStream & { resume(): void } };
          if (upstream.statusCode === 503 && repeatable && another()) {
            pool.markNotReady(origin);
            upstream.stream.resume(); // drop the refusal, ask the next replica
            for (const h of Object.keys(upstream.headers)) rep.removeHeader(h);
            attempt();
            return;
          }
          rep.send(upstream.stream);
        },
        onError: (_rep, { error }) => {
          const rep = reply;
          if (rep.sent) return;
          if (req.bodyTooLarge) {
            lingerAfterRefusal(req);
            rep.code(413).send({ message: req.bodyLimitMessage ?? BODY_TOO_LARGE });
            return;
          }
          if (isConnectError(error)) {
            pool.markDown(origin);
            const bodyUntouched = !streamed || (req.body as NodeJS.ReadableStream & { readableDidRead?: boolean }).readableDidRead === false;
            if (bodyUntouched && Date.now() < deadline && tried.size < pool.size) { attempt(); return; }
            req.log.warn({ service, origin }, 'upstream unavailable');
            sendUnavailable(rep);
            return;
          }
          if (repeatable && isResetError(error) && another()) {
            req.log.warn({ service, origin }, 'upstream went away: repeating on another replica');
            attempt();
            return;
          }
          if (isTimeoutError(error)) {
            rep.code(504).send({ message: MSG.serviceUnavailable });
            return;
          }
          req.log.warn({ service, origin, err: (error as Error).message }, 'upstream error');
          rep.code(502).send({ message: MSG.serviceUnavailable });
        },
      });
    } catch (err) {
      // reply-from throws synchronously on paths it rejects (traversal, bad encoding)
      const bad = (err as { statusCode?: number }).statusCode === 400 || err instanceof URIError;
      reply.code(bad ? 400 : 404).send({ message: bad ? 'Bad request' : MSG.notFound });
    }
  };
  attempt();
  return reply;
}
