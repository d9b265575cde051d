// Issue 21 §4: the gateway's /metrics (Prometheus text) on a listener of its own, never through the public /api:
// requests and latency per route family, open /api/events streams, default process metrics.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loadConfig } from '../src/config.js';
import { startMetricsServer } from '../src/metrics.js';
import { cacheSession, gateway, startUpstream, type Upstream } from './helpers.js';
import { openEvents, type Sse } from './sse-client.js';

/** The value of one sample line (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('gateway /metrics', () => {
  let g: Awaited<ReturnType<typeof gateway>>;
  let identity: Upstream;
  let listings: Upstream;
  let metrics: http.Server;
  let base: string;
  let metricsUrl: string;
  let redis: Redis;
  const token = randomBytes(32).toString('base64url');
  const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    await cacheSession(redis, token, { sub: `u-m-${randomBytes(4).toString('hex')}`, role: 'BUYER', name: 'Mo', email: 'mo@example.com', sid: 's-m' }, 300);
    identity = await startUpstream('identity', (_r, res) => { res.statusCode = 401; res.end('{"message":"Authentication required"}'); return true; });
    listings = await startUpstream('listings');
    g = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url });
    await g.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(g.server.address() as AddressInfo).port}`;
    metrics = await startMetricsServer(0, '127.0.0.1');
    metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => metrics.close(() => r()));
    await g.close();
    await identity.close();
    await listings.close();
    redis.disconnect();
  });

  it('listens on METRICS_PORT (default PORT + 100), not under the public /api', async () => {
    const env = { REDIS_URL: 'redis://x', IDENTITY_JWT_PRIVATE_KEY: 'k', SERVICE_JWT_PRIVATE_KEY: 'k', SESSION_CACHE_PUBLIC_KEYS: 'k' };
    expect(loadConfig({ ...env, PORT: '8080' }).metricsPort).toBe(8180);
    expect(loadConfig({ ...env, PORT: '8081', METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    // identity's sessions/resolve goes to its internal port unless told otherwise
    expect(loadConfig({ ...env, UPSTREAM_IDENTITY: 'http://identity:3001,http://identity-2:3001' }).identityInternal)
      .toEqual(['http://identity:3101', 'http://identity-2:3101']);
    for (const path of ['/api/metrics', '/api/../metrics', '/metrics']) {
      const res = await fetch(`${base}${path}`);
      // /api answers 404; a page path gets the portal's page (its router says not found), never the figures
      if (path === '/api/metrics') expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/^text\/plain/);
      expect(await res.text()).not.toContain('http_requests_total');
    }
    expect((await fetch(`${metricsUrl}/other`)).status).toBe(404);
  });

  it('counts requests and latency per route family, and process metrics', async () => {
    const family = { method: 'GET', route: '/api/health' };
    const before = await scrape();
    expect(before).toMatch(/^process_resident_memory_bytes\{service="gateway"\} \d+/m);
    const n0 = sample(before, 'http_requests_total', { ...family, status: '200' });
    const h0 = sample(before, 'http_request_duration_seconds_count', family);
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'http_requests_total', { ...family, status: '200' })).toBe(n0 + 3);
    expect(sample(after, 'http_request_duration_seconds_count', family)).toBe(h0 + 3);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0.05",.*route="\/api\/health"/m);
  });

  it('gateway_event_streams_open follows the open /api/events streams', async () => {
    const n0 = sample(await scrape(), 'gateway_event_streams_open');
    const streams: Sse[] = [await openEvents(base, { token }), await openEvents(base, { token })];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    expect(sample(await scrape(), 'gateway_event_streams_open')).toBe(n0 + 2);
    for (const s of streams) s.close();
    const end = Date.now() + 5000;
    while (sample(await scrape(), 'gateway_event_streams_open') !== n0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(sample(await scrape(), 'gateway_event_streams_open')).toBe(n0);
  });
});
