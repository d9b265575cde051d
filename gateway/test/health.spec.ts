// Issue 20 §2 "Liveness and readiness are separate", for the gateway: GET /health/live and GET /health/ready on its
// internal listener (METRICS_PORT, with /metrics; what the Kubernetes probes call), never under the public /api.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@brokerage/contracts';
import { healthRoutes } from '../src/health.js';
import { shutdownGracefully } from '../src/shutdown.js';
import { closedPort, gateway, startUpstream, type Upstream } from './helpers.js';

type App = Awaited<ReturnType<typeof gateway>>;

describe('gateway /health/live and /health/ready', () => {
  let identity: Upstream;
  let identityReady = 200;
  const open: { app: App; probes: http.Server }[] = [];

  /** A gateway and a listener answering healthRoutes (main.ts hands them to its METRICS_PORT listener). */
  async function start(env: Record<string, string> = {}): Promise<{ app: App; probes: string; api: string }> {
    const app = await gateway({ UPSTREAM_IDENTITY: identity.url, ...env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const routes = healthRoutes(app.gateway, identityOrigins(env));
    const probes = http.createServer((req, res) => { if (!routes(req, res)) res.writeHead(404).end(); });
    await new Promise<void>((r) => probes.listen(0, '127.0.0.1', r));
    open.push({ app, probes });
    return { app, probes: `http://127.0.0.1:${(probes.address() as AddressInfo).port}`, api: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }
  const identityOrigins = (env: Record<string, string>) => (env.IDENTITY_INTERNAL_URL ?? identity.url).split(',');
  const get = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, cache: res.headers.get('cache-control') };
  };

  beforeAll(async () => {
    identity = await startUpstream('identity', (r, res) => {
      if (r.url !== '/health/ready') return false;
      res.statusCode = identityReady;
      res.end(identityReady === 200 ? '{"status":"ok"}' : `{"message":"${MSG.serviceUnavailable}"}`);
      return true;
    });
  });
  afterEach(async () => {
    identityReady = 200;
    for (const { app, probes } of open.splice(0)) {
      await new Promise<void>((r) => probes.close(() => r()));
      await app.close().catch(() => undefined);
    }
  });
  afterAll(() => identity.close());

  it('alive and ready with Redis and identity up; not under the public /api', async () => {
    const g = await start();
    expect(await get(`${g.probes}/health/live`)).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await get(`${g.probes}/health/ready`)).toEqual({ status: 200, body: { status: 'ok', info: { redis: 'up', identity: 'up' } }, cache: 'no-store' });
    expect(identity.seen.some((r) => r.url === '/health/ready')).toBe(true);
    for (const path of ['/api/health/live', '/api/health/ready']) {
      // /api/health/<service> proxies a service's health; "live" and "ready" are no services
      expect((await fetch(`${g.api}${path}`)).status).toBe(404);
    }
    expect(await (await fetch(`${g.api}/health/ready`)).text()).not.toContain('"info"');
    // the public /api/health stays as it was
    expect(await get(`${g.api}/api/health`)).toMatchObject({ status: 200, body: { status: 'ok', redis: true } });
  });

  it('Redis down: alive and still ready (shared by every gateway: the public pages need no Redis), reported degraded', async () => {
    const g = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    expect(await get(`${g.probes}/health/live`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get(`${g.probes}/health/ready`)).toEqual({
      status: 200, cache: 'no-store', body: { status: 'degraded', info: { redis: 'down', identity: 'up' } },
    });
  });

  it('identity\'s session check unreachable or not ready: still ready, reported degraded; ok again once identity is', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const g = await start({ IDENTITY_INTERNAL_URL: dead });
    expect((await get(`${g.probes}/health/live`)).status).toBe(200);
    expect(await get(`${g.probes}/health/ready`)).toMatchObject({ status: 200, body: { status: 'degraded', info: { redis: 'up', identity: 'down' } } });

    // two identity replicas: one not ready is enough while the other answers
    const h = await start({ IDENTITY_INTERNAL_URL: `${dead},${identity.url}` });
    expect(await get(`${h.probes}/health/ready`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    identityReady = 503;
    expect(await get(`${h.probes}/health/ready`)).toMatchObject({ status: 200, body: { status: 'degraded', info: { identity: 'down' } } });
    identityReady = 200;
    expect(await get(`${h.probes}/health/ready`)).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('SIGTERM (graceful shutdown): not ready at once, still alive while it drains', async () => {
    const g = await start();
    expect((await get(`${g.probes}/health/ready`)).status).toBe(200);
    const closed = shutdownGracefully(g.app, 300);
    expect(await get(`${g.probes}/health/ready`)).toEqual({
      status: 503, cache: 'no-store', body: { message: MSG.serviceUnavailable, status: 'shutting-down' },
    });
    expect(await get(`${g.probes}/health/live`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    await closed;
  });
});
