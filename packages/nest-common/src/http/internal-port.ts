import http from 'node:http';
import type { Socket } from 'node:net';
import { MSG } from '@brokerage/contracts';

/**
 * Two listeners per service (issue 21 §1: NetworkPolicies filter by port): the public port (PORT) serves the API and
 * health, never /internal/* or /metrics; the internal port (INTERNAL_PORT, default PORT + 100) serves only /internal/*,
 * health (/health, /health/live, /health/ready) and /metrics. Anything else on either port: 404 {message}, before any
 * middleware, guard or route sees it. One Express app behind both: the socket says which port a request came on.
 */
const ON_INTERNAL_PORT = Symbol('internal-port');

/** The internal port of a service whose public port is `publicPort`, unless INTERNAL_PORT says otherwise (0: any free one). */
export function internalPortOf(publicPort: number, explicit?: number): number {
  if (explicit !== undefined) return explicit;
  if (publicPort === 0) return 0;
  if (publicPort + 100 > 65535) throw new Error(`INTERNAL_PORT: set it (PORT ${publicPort} + 100 is past 65535)`);
  return publicPort + 100;
}

/** The path as Express routes it (case-insensitive, repeated slashes as one), lower case, without the query. */
function routedPath(url: string | undefined): string {
  const raw = (url ?? '/').split('?')[0]!;
  let path = raw;
  try { path = decodeURIComponent(raw); } catch { /* malformed escapes: Express answers 400 anyway */ }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Routes only the internal port serves. */
export function isInternalOnlyPath(url: string | undefined): boolean {
  const path = routedPath(url);
  return under(path, '/internal') || under(path, '/metrics');
}

/** Routes the internal port serves: /internal/*, health and /metrics. */
export function isServedOnInternalPort(url: string | undefined): boolean {
  const path = routedPath(url);
  return isInternalOnlyPath(path) || under(path, '/health');
}

/** True when the request came in on the internal listener. */
export function cameOnInternalPort(req: http.IncomingMessage): boolean {
  return (req.socket as Socket & { [ON_INTERNAL_PORT]?: boolean })[ON_INTERNAL_PORT] === true;
}

/** Express middleware (first of all): 404 for /internal/* and /metrics on the public port, for the API on the internal port. */
export function portSplitMiddleware(req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void {
  const allowed = cameOnInternalPort(req) ? isServedOnInternalPort(req.url) : !isInternalOnlyPath(req.url);
  if (allowed) return next();
  const body = JSON.stringify({ message: MSG.notFound });
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** An HTTP server for the internal port in front of the same request handler (the Express app). */
export function createInternalServer(handler: http.RequestListener): http.Server {
  const server = http.createServer(handler);
  server.on('connection', (socket: Socket & { [ON_INTERNAL_PORT]?: boolean }) => { socket[ON_INTERNAL_PORT] = true; });
  return server;
}

export function listenOn(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Stops accepting, ends idle kept-alive sockets, and resolves once the requests in flight are answered. */
export function closeServer(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
