// Issue 21 §1 and §4: a service serves /internal/* on a port of its own (the public port answers 404 there; the internal
// port serves only /internal/*, health and /metrics), and /metrics (Prometheus text) counts requests per route family,
// their latency, the process' BullMQ queue depth and the default process metrics.
// test-all: own module registry (the process metrics are registered once per process, under the first service's name)
import { Controller, Get, Injectable, Module, Param, type INestApplication, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { MSG } from '@brokerage/contracts';
import { CommonModule } from '../src/common.module.js';
import { bootstrapService, internalPort } from '../src/bootstrap.js';
import { internalPortOf } from '../src/http/internal-port.js';
import { Public } from '../src/auth/public.decorator.js';
import { InternalCallers } from '../src/auth/internal-callers.decorator.js';
import { signIdentity } from '../src/testing/sign-identity.js';

@Controller('internal/echo')
class InternalEchoController {
  @Get(':id')
  @InternalCallers('identity')
  echo(@Param('id') id: string) { return { id }; }
}

@Controller('things')
class PublicThingsController {
  @Get(':id')
  @Public()
  thing(@Param('id') id: string) { return { id }; }
}

const QUEUE = 'ports-metrics-spec';

/** A process with a queue (as documents' registerQueue gives one): its depth is on /metrics. */
@Injectable()
class SpecQueue extends Queue implements OnApplicationShutdown {
  constructor() { super(QUEUE, { connection: { url: process.env.REDIS_URL } }); }
  async onApplicationShutdown() { await this.obliterate({ force: true }).catch(() => undefined); await this.close(); }
}

@Module({
  imports: [CommonModule.forRoot({ name: 'nestcommon_ports', entities: [], migrations: [] })],
  controllers: [InternalEchoController, PublicThingsController],
  providers: [SpecQueue],
})
class PortsProbeModule {}

const service = () => signIdentity({ sub: 'service:identity', role: 'SERVICE', name: 'identity' });

/** The value of one sample line of a Prometheus text answer (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('public and internal ports, /metrics', () => {
  let app: INestApplication;
  let pub: string;
  let internal: string;

  beforeAll(async () => {
    app = await bootstrapService({ name: 'nestcommon_ports', module: PortsProbeModule, defaultPort: 3998, port: 0 });
    pub = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    internal = `http://127.0.0.1:${internalPort(app)}`;
  }, 60_000);
  afterAll(async () => { await app?.close(); });

  it('the internal port defaults to the public port + 100 (INTERNAL_PORT overrides it)', () => {
    expect(internalPortOf(3002)).toBe(3102);
    expect(internalPortOf(3002, 4102)).toBe(4102);
    expect(internalPortOf(0)).toBe(0);
    expect(() => internalPortOf(65500)).toThrow(/INTERNAL_PORT/);
    expect(internalPort(app)).not.toBe((app.getHttpServer().address() as { port: number }).port);
  });

  it('the public port answers 404 {message} for /internal/* (any case, doubled slashes) and /metrics, and serves the API and health', async () => {
    for (const path of ['/internal/echo/1', '/INTERNAL/echo/1', '//internal/echo/1', '/internal', '/metrics']) {
      const res = await request(pub).get(path).set('x-identity-token', service());
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: MSG.notFound } });
    }
    expect((await request(pub).get('/things/7')).body).toEqual({ id: '7' });
    expect((await request(pub).get('/health/ready')).status).toBe(200);
  });

  it('the internal port serves /internal/*, health and /metrics, and answers 404 for the public API', async () => {
    const res = await request(internal).get('/internal/echo/5').set('x-identity-token', service());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '5' });
    // the route's own rules still hold there: no service token, 401
    expect((await request(internal).get('/internal/echo/5')).status).toBe(401);
    expect((await request(internal).get('/health/live')).status).toBe(200);
    expect((await request(internal).get('/health/ready')).status).toBe(200);
    expect((await request(internal).get('/metrics')).status).toBe(200);
    const api = await request(internal).get('/things/7');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: MSG.notFound });
    expect((await request(internal).get('/openapi.json')).status).toBe(404);
  });

  it('/metrics: Prometheus text with process metrics; requests and latency per route family move after requests', async () => {
    const before = (await request(internal).get('/metrics')).text;
    expect(before).toMatch(/^# HELP process_cpu_user_seconds_total/m);
    expect(before).toMatch(/^process_resident_memory_bytes\{service="nestcommon_ports"\} \d+/m);
    expect(before).toMatch(/^nodejs_eventloop_lag_seconds\{/m);
    const labels = { method: 'GET', route: '/things/:id', status: '200' };
    const n0 = sample(before, 'http_requests_total', labels);
    const h0 = sample(before, 'http_request_duration_seconds_count', { method: 'GET', route: '/things/:id' });
    for (const id of ['a', 'b', 'c']) await request(pub).get(`/things/${id}`).expect(200);
    await request(pub).get('/no/such/route').expect(404);
    const after = (await request(internal).get('/metrics')).text;
    expect(sample(after, 'http_requests_total', labels)).toBe(n0 + 3);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/things/:id' })).toBe(h0 + 3);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",.*route="\/things\/:id"/m);
    // one family for every id (no label per id), unmatched paths in one
    expect(after).not.toContain('/things/a');
    expect(sample(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).toContain('route="/internal/echo/:id"');
  });

  it('/metrics: the depth of the process\' BullMQ queues (bullmq_queue_jobs) follows the jobs added', async () => {
    const queue = app.get(SpecQueue);
    const waiting = { queue: QUEUE, state: 'waiting' };
    expect(sample((await request(internal).get('/metrics')).text, 'bullmq_queue_jobs', waiting)).toBe(0);
    await queue.addBulk([{ name: 'a', data: {} }, { name: 'b', data: {} }]);
    expect(sample((await request(internal).get('/metrics')).text, 'bullmq_queue_jobs', waiting)).toBe(2);
    await queue.add('c', {}, { delay: 60_000 });
    const text = (await request(internal).get('/metrics')).text;
    expect(sample(text, 'bullmq_queue_jobs', { queue: QUEUE, state: 'delayed' })).toBe(1);
    expect(sample(text, 'bullmq_queue_jobs', waiting)).toBe(2);
  });
});
