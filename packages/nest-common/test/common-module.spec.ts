import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import request from 'supertest';
import { CommonModule } from '../src/common.module.js';
import { bootstrapService, internalPort } from '../src/bootstrap.js';
import { signIdentity } from '../src/testing/sign-identity.js';
import { InternalHttpClient } from '../src/internal/internal-http-client.js';
import { InternalCallers } from '../src/auth/internal-callers.decorator.js';

class CreateProbeSchema1700000000000 implements MigrationInterface {
  name = 'CreateProbeSchema1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE SCHEMA IF NOT EXISTS "nestcommon_probe"');
    await q.query('CREATE TABLE IF NOT EXISTS "nestcommon_probe"."things" (id serial PRIMARY KEY)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE "nestcommon_probe"."things"');
  }
}

@Controller('internal/things')
class ThingsController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}
  @Get()
  @InternalCallers('identity')
  async count() {
    const [row] = await this.ds.query('SELECT count(*)::int AS n FROM things');
    return { count: row.n, schema: (await this.ds.query('SELECT current_schema() AS s'))[0].s };
  }
}

@Module({
  imports: [CommonModule.forRoot({ name: 'nestcommon_probe', entities: [], migrations: [CreateProbeSchema1700000000000] })],
  controllers: [ThingsController],
})
class ProbeAppModule {}

describe('CommonModule + bootstrapService against the real database', () => {
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    app = await bootstrapService({ name: 'nestcommon_probe', module: ProbeAppModule, defaultPort: 3999, port: 0 });
    // internal routes are served on the internal port only (issue 21 §1)
    baseUrl = `http://127.0.0.1:${internalPort(app)}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /health answers 200 with database and redis up', async () => {
    const res = await request(app.getHttpServer()).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it('ran the migrations in the service schema with its own migrations table', async () => {
    const res = await request(baseUrl).get('/internal/things').set('x-identity-token', signIdentity({ sub: 'service:identity', role: 'SERVICE', name: 'identity' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, schema: 'nestcommon_probe' });
  });

  it('InternalHttpClient calls an internal route with a service token', async () => {
    const client = new InternalHttpClient({ from: 'identity', baseUrl, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_IDENTITY });
    await expect(client.get('/internal/things')).resolves.toEqual({ count: 0, schema: 'nestcommon_probe' });
  });

  it('InternalHttpClient refuses to start without a key or with another service\'s key', () => {
    expect(() => new InternalHttpClient({ from: 'identity', baseUrl })).toThrow(/SERVICE_JWT_PRIVATE_KEY must be set/);
    expect(() => new InternalHttpClient({ from: 'identity', baseUrl, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_CHECKLISTS }))
      .toThrow(/not the key of service identity/);
  });

  it('an internal route answers 403 to a service it does not name', async () => {
    const client = new InternalHttpClient({ from: 'checklists', baseUrl, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_CHECKLISTS });
    await expect(client.get('/internal/things')).rejects.toMatchObject({ upstreamStatus: 403 });
  });

  it('InternalHttpClient maps a 404 to an error with status and message', async () => {
    const client = new InternalHttpClient({ from: 'identity', baseUrl, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_IDENTITY });
    await expect(client.get('/internal/nothing')).rejects.toMatchObject({ status: 404, upstreamStatus: 404 });
  });

  it('InternalHttpClient answers 503 when the service is down', async () => {
    const client = new InternalHttpClient({ from: 'identity', baseUrl: 'http://127.0.0.1:1', connectTimeoutMs: 500, privateKey: process.env.SERVICE_JWT_PRIVATE_KEY_IDENTITY });
    await expect(client.get('/internal/things')).rejects.toMatchObject({ status: 503 });
  });

  it('serves /openapi.json', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/health', '/internal/things']));
  });
});
