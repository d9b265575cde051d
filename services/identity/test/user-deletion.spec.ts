import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDENTITY_HEADER, USER_DELETED } from '@brokerage/contracts';
import { expectInternalCallersEnforced, forgeServiceToken } from '@brokerage/nest-common/testing';
import { createApp, createUser, login, resetDb, serviceHeader, type Ctx } from './helpers.js';
import { NdaService } from '../src/nda/nda.service.js';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Issue 18 §3: one service's key deletes no one it is not meant to, and every deletion writes user.deleted. */
describe('user deletion: internal callers and the user.deleted event', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(async () => {
    await resetDb(ctx);
    await ctx.ds.query('TRUNCATE identity.outbox');
  });

  const exists = async (id: string) => (await ctx.ds.query('SELECT 1 FROM identity.users WHERE id = $1', [id])).length === 1;
  const deletedEvents = async (id: string) =>
    ctx.ds.query(`SELECT kind, payload FROM identity.outbox WHERE kind = $1 AND payload->>'userId' = $2`, [USER_DELETED, id]);

  it('checklists\' key calling DELETE /internal/users/:id: 403, the user and their session stay, no event', async () => {
    const buyer = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, buyer.email, buyer.password);
    for (const service of ['checklists', 'documents', 'messaging', 'identity', 'gateway'] as const) {
      const res = await ctx.http.delete(`/internal/users/${buyer.id}`).set(serviceHeader(service));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect(await exists(buyer.id)).toBe(true);
    expect(await deletedEvents(buyer.id)).toEqual([]);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader('gateway')).send({ token })).status).toBe(200);
  });

  it('a token whose sub names another service than its key (checklists\' key as listings or gateway): 401, nothing deleted', async () => {
    const buyer = await createUser(ctx, { role: 'BUYER' });
    for (const claimed of ['listings', 'identity', 'gateway']) {
      const res = await ctx.http.delete(`/internal/users/${buyer.id}`).set(IDENTITY_HEADER, forgeServiceToken(claimed, 'checklists'));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    }
    // checklists' key cannot resolve sessions as the gateway either
    const res = await ctx.http.post('/internal/sessions/resolve').set(IDENTITY_HEADER, forgeServiceToken('gateway', 'checklists')).send({ token: 'x' });
    expect(res.status).toBe(401);
    expect(await exists(buyer.id)).toBe(true);
  });

  it('the named caller (listings) deletes a buyer: sessions gone and one user.deleted row in the same transaction', async () => {
    const buyer = await createUser(ctx, { role: 'BUYER' });
    await login(ctx, buyer.email, buyer.password);
    const res = await ctx.http.delete(`/internal/users/${buyer.id}`).set(serviceHeader('listings'));
    expect(res.status).toBe(200);
    expect(await exists(buyer.id)).toBe(false);
    const events = await deletedEvents(buyer.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ userId: buyer.id, role: 'BUYER' });
    expect((await ctx.ds.query('SELECT count(*)::int AS n FROM identity.sessions WHERE user_id = $1', [buyer.id]))[0].n).toBe(0);
  });

  it('the internal delete removes buyers only: the broker, an agent or a seller answer 404 and stay', async () => {
    for (const role of ['BROKER', 'AGENT', 'SELLER'] as const) {
      const u = await createUser(ctx, { role });
      const res = await ctx.http.delete(`/internal/users/${u.id}`).set(serviceHeader('listings'));
      expect(res.status).toBe(404);
      expect(await exists(u.id)).toBe(true);
      expect(await deletedEvents(u.id)).toEqual([]);
    }
  });

  it('the NDA sign-up\'s compensation and the stale sweep write user.deleted for the pending buyer', async () => {
    const nda = ctx.app.get(NdaService) as unknown as { compensate(id: string): Promise<void>; sweep(): Promise<number> };
    const pending = await createUser(ctx, { role: 'BUYER', active: false });
    await ctx.ds.query(`UPDATE identity.users SET signup_pending_since = now() WHERE id = $1`, [pending.id]);
    await nda.compensate(pending.id);
    expect(await exists(pending.id)).toBe(false);
    expect((await deletedEvents(pending.id))[0]?.payload).toMatchObject({ userId: pending.id, role: 'BUYER' });

    const stale = await createUser(ctx, { role: 'BUYER', active: false });
    await ctx.ds.query(`UPDATE identity.users SET signup_pending_since = now() - interval '16 minutes' WHERE id = $1`, [stale.id]);
    const live = await createUser(ctx, { role: 'BUYER' });
    expect(await nda.sweep()).toBe(1);
    expect(await exists(stale.id)).toBe(false);
    expect(await deletedEvents(stale.id)).toHaveLength(1);
    // compensation never removes a live account
    await nda.compensate(live.id);
    expect(await exists(live.id)).toBe(true);
    expect(await deletedEvents(live.id)).toEqual([]);
  });

  it('no code path deletes a user without the event: identity.users rows are deleted in one place, next to user.deleted', () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const deleters: string[] = [];
    for (const f of files(SRC).filter((x) => x.endsWith('.ts'))) {
      const text = fs.readFileSync(f, 'utf8');
      if (/DELETE\s+FROM\s+(identity\.)?"?users"?\b/i.test(text) || /getRepository\(User\)\.(delete|remove)\(/.test(text)) deleters.push(path.relative(SRC, f));
      // the users repository (TypeORM Repository<User>) must not delete at all
      if (f.endsWith('users.repository.ts') && /\.(delete|remove|softDelete)\(/.test(text)) deleters.push(path.relative(SRC, f));
    }
    expect(deleters).toEqual([path.join('people', 'people.repository.ts')]);
    const service = fs.readFileSync(path.join(SRC, 'people', 'people.service.ts'), 'utf8');
    const calls = service.match(/this\.people\.delete\(/g) ?? [];
    expect(calls).toHaveLength(1);
    const remove = service.slice(service.indexOf('private async remove('));
    expect(remove.slice(0, remove.indexOf('\n  }\n'))).toMatch(/this\.people\.delete\([\s\S]*this\.outbox\.add\(m, USER_DELETED/);
  });

  it('every internal route of identity answers 403 to the services it does not name', async () => {
    expect(await expectInternalCallersEnforced(ctx.app)).toBeGreaterThan(30);
  });
});
