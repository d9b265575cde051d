import { expectEveryRouteHasAccessRule } from '@brokerage/nest-common/testing';
import { createApp, login, resetDb, type Ctx } from './helpers.js';
import { DEMO_IDS, DEMO_PEOPLE, DEMO_PASSWORD } from '@brokerage/contracts';
import { SeedService } from '../src/seed/seed.service.js';

describe('demo seed and health', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
  });
  afterAll(async () => {
    delete process.env.SEED_DEMO;
    await ctx.app.close();
  });

  it('SEED_DEMO=1 seeds the demo brokerage (roster of contracts, fixed ids, managers) at start, idempotently', async () => {
    process.env.SEED_DEMO = '1';
    const seeded = await createApp(); // the seed runs on bootstrap
    try {
      const rows: Array<{ id: string; role: string; manager_id: string | null }> = await ctx.ds.query(
        'SELECT id, role, manager_id FROM identity.users ORDER BY id',
      );
      expect(rows.map((r) => r.id)).toEqual(DEMO_PEOPLE.map((u) => u.id).sort());
      const count = (role: string) => rows.filter((r) => r.role === role).length;
      expect([count('BROKER'), count('AGENT'), count('SELLER'), count('BUYER')]).toEqual([1, 4, 8, 15]);
      expect(rows.find((r) => r.id === DEMO_IDS.seller)!.manager_id).toBe(DEMO_IDS.agent);
      for (const p of DEMO_PEOPLE) expect(rows.find((r) => r.id === p.id)!.manager_id).toBe(p.managerId);
      // one hash for every demo account
      const [{ n }] = await ctx.ds.query('SELECT count(DISTINCT password_hash)::int AS n FROM identity.users');
      expect(n).toBe(1);
      expect(await seeded.app.get(SeedService).seed()).toBe(0);
      for (const u of [DEMO_PEOPLE[0]!, DEMO_PEOPLE[1]!, DEMO_PEOPLE[2]!, DEMO_PEOPLE[3]!, DEMO_PEOPLE.at(-1)!]) {
        const { res } = await login(ctx, u.email, DEMO_PASSWORD);
        expect(res.status).toBe(200);
        expect(res.body.user.id).toBe(u.id);
      }
    } finally {
      await seeded.app.close();
    }
  });

  it('GET /health answers ok', async () => {
    const res = await ctx.http.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('/openapi.json shows the NDA sign-up body (field names, limits, required) and its 201 answer, and every auth route\'s body and answer', async () => {
    const res = await ctx.http.get('/openapi.json');
    expect(res.status).toBe(200);
    const nda = res.body.paths['/auth/nda-submit'].post;
    const body = nda.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'password', 'listingInterest', 'agreementAccepted', 'signature']));
    expect(body.properties.firstName).toMatchObject({ type: 'string', maxLength: 100 });
    expect(body.properties.organization).toMatchObject({ type: 'string', maxLength: 2000, nullable: true });
    expect(nda.responses['201'].content['application/json'].schema).toMatchObject({
      properties: { message: { type: 'string' }, user: { properties: { id: { type: 'string' }, role: { enum: ['BROKER', 'AGENT', 'SELLER', 'BUYER'] } } } },
    });
    const reset = res.body.paths['/auth/reset-password'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(reset.properties).sort()).toEqual(['email', 'newPassword', 'token']);
    const login = res.body.paths['/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(login.responses['200'].content['application/json'].schema.required).toEqual(['user', 'role', 'sessionToken', 'token']);
    for (const path of ['/auth/register', '/auth/logout', '/auth/check-session', '/auth/restore-session', '/auth/reset-password']) {
      const op = res.body.paths[path].post ?? res.body.paths[path].get;
      expect(Object.values(op.responses as Record<string, { content?: unknown }>).some((r) => r.content)).toBe(true);
    }
  });

  it('every route declares who may call it (@Roles or @Public): the roles guard denies the others', () => {
    expectEveryRouteHasAccessRule(ctx.app);
  });
});
