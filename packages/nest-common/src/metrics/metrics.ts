import type http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * /metrics of a service process in Prometheus text format (issue 21 §4), served on its internal port only
 * (http/internal-port.ts): default process metrics (CPU, RSS, heap, event-loop lag, handles), requests and their latency
 * per route family (the route pattern a request matched, `unmatched` for 404s: bounded label values), and the depth of
 * the BullMQ queues the process works with (metrics/queue-metrics.ts).
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/** Process metrics and the `service` label, once per process. */
export function startProcessMetrics(service: string): void {
  if (defaultsOn) return;
  defaultsOn = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Latency buckets (seconds): JSON reads take milliseconds, uploads and PDF renders seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route family and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request\'s arrival to the end of its answer, by method and route family',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

type QueueLabels = { queue: string; state: string };
let queueCollector: ((set: (labels: QueueLabels, value: number) => void) => Promise<void>) | null = null;
/** Who reads the queues' job counts at each scrape (metrics/queue-metrics.ts). */
export function setQueueCollector(fn: typeof queueCollector): void {
  queueCollector = fn;
}

export const queueJobs = new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'Jobs of a BullMQ queue this process works with, by state (waiting = the queue\'s depth)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (queueCollector) await queueCollector((labels, value) => this.set(labels, value));
  },
});

type RoutedRequest = http.IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * The route family of an answered request: the pattern Express matched (`/listings/:id`), else `unmatched` (also
 * Nest's catch-all 404 route `{/*splat}`).
 */
export function routeFamily(req: RoutedRequest): string {
  const pattern = req.route?.path;
  if (typeof pattern !== 'string' || /^\{?\/?\*/.test(pattern)) return 'unmatched';
  return `${req.baseUrl ?? ''}${pattern}` || '/';
}

/** Express middleware: counts every answered request and observes its latency once the answer is sent (or cut off). */
export function httpMetricsMiddleware(req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void {
  const start = process.hrtime.bigint();
  let done = false;
  const record = () => {
    if (done) return;
    done = true;
    const route = routeFamily(req as RoutedRequest);
    const method = req.method ?? 'GET';
    httpRequestsTotal.inc({ method, route, status: String(res.statusCode) });
    httpRequestDuration.observe({ method, route }, Number(process.hrtime.bigint() - start) / 1e9);
  };
  res.once('finish', record);
  res.once('close', record);
  next();
}

/** GET /metrics handler (raw adapter route: no guard; the internal port is its only door). */
export async function serveMetrics(_req: unknown, res: http.ServerResponse): Promise<void> {
  const text = await metricsRegistry.metrics();
  res.writeHead(200, { 'content-type': metricsRegistry.contentType });
  res.end(text);
}
