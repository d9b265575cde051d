// Issue 20 §2: liveness and readiness are separate (a service whose Redis or database is unreachable is alive but not
// ready), a route whose dependency is down answers 503 {message} within 2 s, a draining process is not ready and closes
// its connections, and internal calls go to the next replica when one refuses.
import net from 'node:net';
import { Controller, Get, Inject, Module, type INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { MSG } from '@brokerage/contracts';
import { CommonModule } from '../src/common.module.js';
import { bootstrapService, internalPort } from '../src/bootstrap.js';
import { Public } from '../src/auth/public.decorator.js';
import { REDIS_CLIENT } from '../src/health/redis.provider.js';
import { lifecycle } from '../src/lifecycle/lifecycle.js';
import { isDependencyDown, toErrorResponse } from '../src/http/all-exceptions.filter.js';
import { InternalHttpClient } from '../src/internal/internal-http-client.js';
import { InternalCallers } from '../src/auth/internal-callers.decorator.js';

@Controller('internal/counter')
class CounterController {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}
  @Get()
  @InternalCallers('identity')
  async count() {
    return { n: await this.redis.incr('health-spec-counter') };
  }
}

@Controller('internal/ping')
class PingController {
  @Get()
  @Public()
  ping() { return { ok: true }; }
}

@Module({
  imports: [CommonModule.forRoot({ name: 'nestcommon_health', entities: [], migrations: [] })],
  controllers: [CounterController, PingController],
})
class HealthProbeModule {}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** /internal/* is served on the internal port only (issue 21 §1). */
const internalUrl = (app: INestApplication) => `http://127.0.0.1:${internalPort(app)}`;

describe('liveness, readiness, dependency outages', () => {
  let up: INestApplication;
  let noRedis: INestApplication;
  const realRedis = process.env.REDIS_URL;

  beforeAll(async () => {
    up = await bootstrapService({ name: 'nestcommon_health', module: HealthProbeModule, defaultPort: 3999, port: 0 });
    process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    try {
      noRedis = await bootstrapService({ name: 'nestcommon_health', module: HealthProbeModule, defaultPort: 3999, port: 0 });
    } finally {
      process.env.REDIS_URL = realRedis;
    }
  }, 60_000);
  afterAll(async () => {
    lifecycle.draining = false;
    await up?.close();
    await noRedis?.close();
  });

  it('with its dependencies up: live 200, ready 200 naming database and redis', async () => {
    expect((await request(up.getHttpServer()).get('/health/live')).status).toBe(200);
    const ready = await request(up.getHttpServer()).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it('with Redis unreachable: alive (200) but not ready (503), within 2 s', async () => {
    expect((await request(noRedis.getHttpServer()).get('/health/live')).status).toBe(200);
    const t0 = Date.now();
    const ready = await request(noRedis.getHttpServer()).get('/health/ready');
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(ready.status).toBe(503);
    expect(typeof ready.body.message).toBe('string');
  });

  it('a route that needs the unreachable Redis answers 503 {message} within 2 s instead of hanging', async () => {
    const { signIdentity } = await import('../src/testing/sign-identity.js');
    const t0 = Date.now();
    const res = await request(internalUrl(noRedis)).get('/internal/counter')
      .set('x-identity-token', signIdentity({ sub: 'service:identity', role: 'SERVICE', name: 'identity' }));
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MSG.serviceUnavailable });
  }, 10_000);

  it('database connection errors are 503 "temporarily unavailable", not 500', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { driverError: { code: '57P01' } });
    expect(isDependencyDown(terminated)).toBe(true);
    expect(toErrorResponse(terminated)).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable } });
    expect(toErrorResponse(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' })).status).toBe(503);
    expect(toErrorResponse(new Error('Connection terminated unexpectedly')).status).toBe(503);
    expect(toErrorResponse(new Error('timeout expired')).status).toBe(503); // pg: a new connection not answered in time
    expect(toErrorResponse(new Error('the signing timeout expired for this link')).status).toBe(500);
    expect(toErrorResponse(new TypeError('x is undefined')).status).toBe(500);
  });

  it('draining (SIGTERM): not ready, still serving, every answer closes its connection', async () => {
    lifecycle.draining = true;
    try {
      const ready = await request(up.getHttpServer()).get('/health/ready');
      expect(ready.status).toBe(503);
      const served = await request(internalUrl(up)).get('/internal/ping');
      expect(served.status).toBe(200);
      expect(served.headers.connection).toBe('close');
      expect((await request(up.getHttpServer()).get('/health/live')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
    expect((await request(up.getHttpServer()).get('/health/ready')).status).toBe(200);
  });

  it('InternalHttpClient with several replicas: a refused one is skipped, every call answered', async () => {
    const addr = { port: internalPort(up) };
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const client = new InternalHttpClient({ from: 'identity', baseUrl: `${dead},http://127.0.0.1:${addr.port}`, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_IDENTITY });
    for (let i = 0; i < 4; i++) await expect(client.get('/internal/counter')).resolves.toEqual({ n: expect.any(Number) });
  });

  it('InternalHttpClient: a GET whose replica resets the connection is asked of the next one', async () => {
    const addr = { port: internalPort(up) };
    const resetting = net.createServer((socket) => socket.on('data', () => socket.destroy()));
    await new Promise<void>((r) => resetting.listen(0, '127.0.0.1', r));
    try {
      const bad = `http://127.0.0.1:${(resetting.address() as net.AddressInfo).port}`;
      const client = new InternalHttpClient({ from: 'identity', baseUrl: `${bad},http://127.0.0.1:${addr.port}`, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_IDENTITY });
      for (let i = 0; i < 4; i++) await expect(client.get('/internal/counter')).resolves.toEqual({ n: expect.any(Number) });
    } finally {
      await new Promise<void>((r) => resetting.close(() => r()));
    }
  });
});
