import type http from 'node:http';
import { MSG } from '@brokerage/contracts';
import type { Gateway } from './app.js';
import { ReplicaPool } from './proxy/upstreams.js';

/** How long each readiness check (Redis ping, identity's /health/ready) may take before it counts as down. */
export const READY_CHECK_TIMEOUT_MS = 1000;

/** What GET /health/ready needs of the gateway (the Gateway decoration has it). */
export type ReadinessSource = Pick<Gateway, 'draining' | 'redis'>;

/**
 * The gateway's liveness and readiness (issue 20 §2), as the services' (nest-common health.controller.ts), served on
 * the gateway's internal listener (METRICS_PORT, with /metrics) so probes never go through the public /api:
 *   GET /health/live   200 {status:'ok'} whenever the event loop runs this handler: a wedged loop answers nothing, and
 *                      the probe's timeout restarts the process. Redis, identity or a drain never make it fail.
 *   GET /health/ready  503 {message, status:'shutting-down'} from SIGTERM on (shutdown.ts); otherwise 200 with
 *                      {status:'ok'|'degraded', info:{redis, identity: 'up'|'down'}}. Redis and identity are shared by
 *                      every gateway: were their loss to make a gateway not ready, every gateway would leave the
 *                      Service at once and the public pages, the shell and the remotes (which need neither) would go
 *                      dark with them. So they are reported, never gating (sessions fall back to identity, and a
 *                      signed-in call answers its own 503 while identity is down).
 * GET /api/health stays as it is (the public, degraded-but-serving view).
 * Returns a request handler for a node http server: true when it answered the request.
 */
export function healthRoutes(gw: ReadinessSource, identityOrigins: string[]): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const identity = new ReplicaPool('identity', identityOrigins, 0);
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || (path !== '/health/live' && path !== '/health/ready')) return false;
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    if (path === '/health/live') { send(200, { status: 'ok' }); return true; }
    if (gw.draining) { send(503, { message: MSG.serviceUnavailable, status: 'shutting-down' }); return true; }
    void Promise.all([redisUp(gw), identityUp(identity)]).then(([redisOk, identityOk]) => {
      if (gw.draining) { send(503, { message: MSG.serviceUnavailable, status: 'shutting-down' }); return; }
      const info = { redis: redisOk ? 'up' : 'down', identity: identityOk ? 'up' : 'down' };
      send(200, { status: redisOk && identityOk ? 'ok' : 'degraded', info });
    });
    return true;
  };
}

async function redisUp(gw: ReadinessSource): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => { timer = setTimeout(() => r(false), READY_CHECK_TIMEOUT_MS); });
  try {
    return await Promise.race([gw.redis.ping().then((p) => p === 'PONG', () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** identity's session check is reachable: one of its internal replicas answers GET /health/ready, not 503 (upstreams.ts). */
async function identityUp(identity: ReplicaPool): Promise<boolean> {
  await identity.checkReadiness(READY_CHECK_TIMEOUT_MS);
  return identity.origins.some((o) => identity.isReady(o));
}
