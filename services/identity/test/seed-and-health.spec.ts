import { createApp, login, resetDb, type Ctx } from './helpers.js';
import { SeedService, DEMO_USERS, DEMO_PASSWORD } from '../src/seed/seed.service.js';

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

  it('SEED_DEMO=1 seeds the four demo users with fixed ids at start, idempotently', async () => {
    process.env.SEED_DEMO = '1';
    const seeded = await createApp(); // the seed runs on bootstrap
    try {
      const rows = await ctx.ds.query('SELECT id, email, role, manager_id FROM identity.users ORDER BY id');
      expect(rows.map((r: { id: string }) => r.id)).toEqual(DEMO_USERS.map((u) => u.id));
      expect(rows.find((r: { role: string }) => r.role === 'SELLER').manager_id).toBe('00000000-0000-4000-8000-000000000002');
      expect(await seeded.app.get(SeedService).seed()).toBe(0);
      for (const u of DEMO_USERS) {
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
});
