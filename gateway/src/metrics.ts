import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The gateway's /metrics in Prometheus text (issue 21 §4), served on a listener of its own (METRICS_PORT, default
 * PORT + 100), never under the public /api: default process metrics, requests and latency per route family (the route
 * table's entry for /api routes, `/api/events`, `static`, `page`, `unmatched`…: bounded label values), and the open
 * /api/events streams. The same HTTP metric names as the services' (nest-common metrics).
 */
export const gatewayMetrics = new Registry();
gatewayMetrics.setDefaultLabels({ service: 'gateway' });
collectDefaultMetrics({ register: gatewayMetrics });

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route family and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [gatewayMetrics],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request\'s arrival to the end of its answer, by method and route family (event streams: their life)',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [gatewayMetrics],
});

/** Open GET /api/events streams of this gateway (live-events.ts). */
export const eventStreamsOpen = new Gauge({
  name: 'gateway_event_streams_open',
  help: 'Open /api/events (server-sent events) streams',
  registers: [gatewayMetrics],
});

/** Counts every answer by route family (familyOf) once it is sent. */
export function recordRequests(app: FastifyInstance, familyOf: (req: FastifyRequest, reply: FastifyReply) => string): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = familyOf(req, reply);
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The /metrics listener: GET /metrics answers the registry; `routes` (the gateway's /health/live and /health/ready,
 * health.ts) answers what it returns true for; anything else 404. Resolves once listening.
 */
export async function startMetricsServer(port: number, host: string, routes?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (routes?.(req, res)) return;
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Not found"}');
      return;
    }
    gatewayMetrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': gatewayMetrics.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  server.unref();
  return server;
}
