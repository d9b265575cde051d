import { Queue } from 'bullmq';
import {
  EVENT_CONSUMERS,
  EVENT_QUEUES,
  EVENT_QUEUE_PREFIX,
  PEOPLE_MSG,
  USER_DELETED,
  brokerAgentResponseSchema,
  brokerAgentsResponseSchema,
  userDeletedEventSchema,
} from '@brokerage/contracts';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import { waitFor } from '@brokerage/nest-common/testing';
import { jest } from '@jest/globals';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service.js';
import { createApp, createUser, expectNoSecrets, login, loginAs, resetDb, serviceHeader, sha256, type CreatedUser, type Ctx } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

describe('broker people: /broker/agents, /broker/agent/{id}, /broker/sellers|buyers/{id} (BROKER only)', () => {
  let ctx: Ctx;
  let broker: CreatedUser, agent: CreatedUser, seller: CreatedUser, buyer: CreatedUser;
  let headers: Record<string, Record<string, string>>;
  let queue: Queue;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    await ctx.ds.query('TRUNCATE identity.outbox');
    queue = new Queue(EVENT_QUEUES.listingsUserEvents, { connection: { url: process.env.REDIS_URL! } as never, prefix: EVENT_QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    agent = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    seller = await createUser(ctx, { role: 'SELLER', name: 'Sue Seller', managerId: agent.id });
    buyer = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
    headers = {};
    for (const u of [broker, agent, seller, buyer]) headers[u.role] = (await loginAs(ctx, u)).headers;
  });
  afterAll(async () => {
    await queue.close();
    await ctx.app.close();
  });

  type Route = { method: 'get' | 'patch' | 'delete'; path: string };
  const routes = (id: string): Route[] => [
    { method: 'get', path: '/broker/agents' },
    { method: 'get', path: `/broker/agent/${id}` },
    { method: 'delete', path: `/broker/agent/${id}` },
    ...(['sellers', 'buyers'] as const).flatMap((kind): Route[] => [
      { method: 'patch', path: `/broker/${kind}/${id}/archive` },
      { method: 'patch', path: `/broker/${kind}/${id}/reactivate` },
      { method: 'delete', path: `/broker/${kind}/${id}` },
    ]),
  ];
  const call = (r: Route, h: Record<string, string>) => ctx.http[r.method](r.path).set(h);
  const userCount = async () => (await ctx.ds.query('SELECT count(*)::int AS n FROM identity.users'))[0].n as number;
  const jobsOf = async (userId: string) =>
    (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'])).filter((j) => j.data.userId === userId);

  it('AGENT, SELLER and BUYER get 403 on every route, service identities too, and nothing changes', async () => {
    const before = await userCount();
    for (const role of ['AGENT', 'SELLER', 'BUYER']) {
      for (const id of [agent.id, seller.id, buyer.id]) {
        for (const r of routes(id)) {
          const res = await call(r, headers[role]!);
          expect([role, r.method, r.path, res.status, res.body]).toEqual([role, r.method, r.path, 403, { message: FORBIDDEN_MESSAGE }]);
        }
      }
    }
    for (const r of routes(buyer.id)) {
      expect((await call(r, serviceHeader())).status).toBe(403);
      expect((await call(r, {})).status).toBe(401);
    }
    expect(await userCount()).toBe(before);
    expect(await ctx.ds.query('SELECT id FROM identity.users WHERE NOT is_active')).toEqual([]);
  });

  it('unknown id → 404 with the route\'s message; a user of another role through the wrong path → 404, unchanged', async () => {
    for (const r of routes(UNKNOWN_ID).slice(1)) expect([r.path, (await call(r, headers.BROKER!)).status]).toEqual([r.path, 404]);
    const wrong: Array<[Route, string]> = [
      [{ method: 'get', path: `/broker/agent/${seller.id}` }, PEOPLE_MSG.agentNotFound],
      [{ method: 'delete', path: `/broker/agent/${broker.id}` }, PEOPLE_MSG.agentNotFound],
      [{ method: 'patch', path: `/broker/sellers/${buyer.id}/archive` }, PEOPLE_MSG.sellerNotFound],
      [{ method: 'delete', path: `/broker/sellers/${buyer.id}` }, PEOPLE_MSG.sellerNotFound],
      [{ method: 'patch', path: `/broker/buyers/${seller.id}/archive` }, PEOPLE_MSG.buyerNotFound],
      [{ method: 'patch', path: `/broker/buyers/${agent.id}/reactivate` }, PEOPLE_MSG.buyerNotFound],
      [{ method: 'delete', path: `/broker/buyers/${agent.id}` }, PEOPLE_MSG.buyerNotFound],
    ];
    for (const [r, message] of wrong) {
      const res = await call(r, headers.BROKER!);
      expect([r.path, res.status, res.body]).toEqual([r.path, 404, { message }]);
    }
    const rows = await ctx.ds.query('SELECT id FROM identity.users WHERE is_active AND id = ANY($1::uuid[])', [[agent.id, seller.id, buyer.id, broker.id]]);
    expect(rows).toHaveLength(4);
    expect((await ctx.ds.query('SELECT count(*)::int AS n FROM identity.outbox'))[0].n).toBe(0);
  });

  it('GET /broker/agents and /broker/agent/{id}', async () => {
    const list = await ctx.http.get('/broker/agents').set(headers.BROKER!);
    expect(list.status).toBe(200);
    const { agents } = brokerAgentsResponseSchema.parse(list.body);
    expect(agents.map((a) => a.id)).toEqual([agent.id]);
    expect(agents[0]).toEqual({ id: agent.id, name: agent.name, email: agent.email, role: 'AGENT', phone: '555-0100', isActive: true, createdAt: expect.any(String), manager: null });
    const one = await ctx.http.get(`/broker/agent/${agent.id}`).set(headers.BROKER!);
    expect(one.status).toBe(200);
    expect(brokerAgentResponseSchema.parse(one.body).agent).toEqual(agents[0]);
    expectNoSecrets([list.body, one.body], [agent.password]);
  });

  it('archive/reactivate a seller and a buyer: sessions revoked at once, sign-in refused, then allowed again', async () => {
    for (const [kind, u, archived, reactivated] of [
      ['sellers', await createUser(ctx, { role: 'SELLER' }), PEOPLE_MSG.sellerArchived, PEOPLE_MSG.sellerReactivated],
      ['buyers', await createUser(ctx, { role: 'BUYER' }), PEOPLE_MSG.buyerArchived, PEOPLE_MSG.buyerReactivated],
    ] as const) {
      const s = await loginAs(ctx, u);
      const res = await ctx.http.patch(`/broker/${kind}/${u.id}/archive`).set(headers.BROKER!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: archived, user: { id: u.id, isActive: false } });
      expect(await ctx.redis.exists(`session:${await sha256(s.token)}`)).toBe(0);
      expect((await ctx.http.get('/users').set(s.headers)).status).toBe(401);
      expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(401);
      expect((await login(ctx, u.email, u.password)).res.status).toBe(403);
      const re = await ctx.http.patch(`/broker/${kind}/${u.id}/reactivate`).set(headers.BROKER!);
      expect(re.status).toBe(200);
      expect(re.body).toMatchObject({ message: reactivated, user: { id: u.id, isActive: true } });
      expect((await login(ctx, u.email, u.password)).res.status).toBe(200);
    }
  });

  it('DELETE a seller: user, sessions and cache gone in one transaction with one user.deleted outbox row; 404 after', async () => {
    const u = await createUser(ctx, { role: 'SELLER', managerId: agent.id });
    const s = await loginAs(ctx, u);
    const res = await ctx.http.delete(`/broker/sellers/${u.id}`).set(headers.BROKER!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PEOPLE_MSG.sellerDeleted });
    expect(await ctx.ds.query('SELECT id FROM identity.users WHERE id = $1', [u.id])).toEqual([]);
    expect(await ctx.ds.query('SELECT id FROM identity.sessions WHERE user_id = $1', [u.id])).toEqual([]);
    expect(await ctx.redis.exists(`session:${await sha256(s.token)}`)).toBe(0);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(401);
    const rows = await ctx.ds.query(`SELECT id, kind, payload FROM identity.outbox WHERE payload->>'userId' = $1`, [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe(USER_DELETED);
    expect(userDeletedEventSchema.parse(rows[0].payload)).toEqual({ eventId: rows[0].id, userId: u.id, role: 'SELLER', occurredAt: expect.any(String) });
    expect((await ctx.http.delete(`/broker/sellers/${u.id}`).set(headers.BROKER!)).status).toBe(404);
  });

  it('the relay adds exactly one job per consumer queue, even when it runs again, concurrently, or after a crash before marking', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    expect((await ctx.http.delete(`/broker/buyers/${u.id}`).set(headers.BROKER!)).status).toBe(200);
    const [{ id: eventId }] = await ctx.ds.query(`SELECT id FROM identity.outbox WHERE payload->>'userId' = $1`, [u.id]);
    const relay = ctx.app.get(OutboxRelayService);
    await relay.drain();
    await relay.drain();
    await Promise.all([relay.relayOnce(), relay.relayOnce()]);
    const [row] = await ctx.ds.query('SELECT delivered_at FROM identity.outbox WHERE id = $1', [eventId]);
    expect(row.delivered_at).not.toBeNull();
    expect(EVENT_CONSUMERS[USER_DELETED]).toEqual([EVENT_QUEUES.listingsUserEvents]);
    let jobs = await jobsOf(u.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.id).toBe(eventId);
    expect(jobs[0]!.name).toBe(USER_DELETED);
    expect(userDeletedEventSchema.parse(jobs[0]!.data)).toMatchObject({ eventId, userId: u.id, role: 'BUYER' });

    // a crash after publishing but before delivered_at was written: the row is relayed again, the jobId dedupes it
    await ctx.ds.query('UPDATE identity.outbox SET delivered_at = NULL WHERE id = $1', [eventId]);
    await relay.drain();
    jobs = await jobsOf(u.id);
    expect(jobs).toHaveLength(1);
    expect((await ctx.ds.query('SELECT delivered_at FROM identity.outbox WHERE id = $1', [eventId]))[0].delivered_at).not.toBeNull();
  });

  const insertEvent = async (userId: string, eventId: string) =>
    ctx.ds.query(`INSERT INTO identity.outbox (id, kind, payload) VALUES ($1, $2, $3)`, [
      eventId, USER_DELETED, JSON.stringify({ eventId, userId, role: 'BUYER', occurredAt: new Date().toISOString() }),
    ]);

  it('a second relay (another replica) skips the rows the first one holds instead of publishing them twice', async () => {
    const relay = ctx.app.get(OutboxRelayService);
    await relay.onApplicationShutdown(); // no background polling during this test: the relays below are the only ones
    const u = await createUser(ctx, { role: 'BUYER' });
    await insertEvent(u.id, '00000000-0000-4000-8000-0000000e0002');
    const holder = ctx.ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      const locked = await holder.query(`SELECT id FROM identity.outbox WHERE payload->>'userId' = $1 FOR UPDATE`, [u.id]);
      expect(locked).toHaveLength(1);
      expect(await relay.relayOnce()).toEqual({ claimed: 0, sent: 0 });
      expect(await jobsOf(u.id)).toHaveLength(0);
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    expect(await relay.drain()).toBe(1);
    expect(await jobsOf(u.id)).toHaveLength(1);
  });

  it('a publish that fails leaves the row undelivered with its error, due again after a back-off; the next run then sends it', async () => {
    const relay = ctx.app.get(OutboxRelayService);
    await relay.onApplicationShutdown();
    const u = await createUser(ctx, { role: 'BUYER' });
    const eventId = '00000000-0000-4000-8000-0000000e0003';
    await insertEvent(u.id, eventId);
    const spy = jest.spyOn(relay.queues, 'publish').mockRejectedValueOnce(new Error('redis unavailable'));
    try {
      expect(await relay.relayOnce()).toEqual({ claimed: 1, sent: 0 });
    } finally {
      spy.mockRestore();
    }
    const [row] = await ctx.ds.query(
      'SELECT delivered_at, dead_at, attempts, last_error, next_attempt_at > now() AS backing_off FROM identity.outbox WHERE id = $1', [eventId]);
    expect(row).toEqual({ delivered_at: null, dead_at: null, attempts: 1, last_error: 'redis unavailable', backing_off: true });
    expect(await relay.drain()).toBe(0); // not due again yet (back-off)
    expect(await jobsOf(u.id)).toHaveLength(0);
    await ctx.ds.query('UPDATE identity.outbox SET next_attempt_at = now() WHERE id = $1', [eventId]);
    expect(await relay.drain()).toBe(1);
    expect(await jobsOf(u.id)).toHaveLength(1);
  });

  it('a failure inside the delete transaction leaves nothing half-done (user, sessions, no event)', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const s = await loginAs(ctx, u);
    await ctx.ds.query('ALTER TABLE identity.outbox RENAME TO outbox_broken');
    let status: number;
    try {
      status = (await ctx.http.delete(`/broker/sellers/${u.id}`).set(headers.BROKER!)).status;
    } finally {
      await ctx.ds.query('ALTER TABLE identity.outbox_broken RENAME TO outbox');
    }
    expect(status).toBe(500);
    expect(await ctx.ds.query('SELECT id FROM identity.users WHERE id = $1', [u.id])).toHaveLength(1);
    expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(200);
    expect(await ctx.ds.query(`SELECT id FROM identity.outbox WHERE payload->>'userId' = $1`, [u.id])).toEqual([]);
  });

  it('DELETE an agent: their sellers fall back to no agent; one user.deleted (role AGENT) reaches the queue', async () => {
    const a = await createUser(ctx, { role: 'AGENT' });
    const s1 = await createUser(ctx, { role: 'SELLER', managerId: a.id });
    const res = await ctx.http.delete(`/broker/agent/${a.id}`).set(headers.BROKER!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PEOPLE_MSG.agentDeleted });
    const [row] = await ctx.ds.query('SELECT manager_id FROM identity.users WHERE id = $1', [s1.id]);
    expect(row.manager_id).toBeNull();
    const sellers = await ctx.http.get('/admin/users').set(headers.BROKER!);
    expect(sellers.body.users.find((x: { id: string }) => x.id === s1.id).manager).toBeNull();
    await ctx.app.get(OutboxRelayService).drain();
    const jobs = await jobsOf(a.id);
    expect(jobs.map((j) => [j.name, j.data.role])).toEqual([[USER_DELETED, 'AGENT']]);
    expect((await ctx.http.get(`/broker/agent/${a.id}`).set(headers.BROKER!)).status).toBe(404);
  });

  it('the relay runs at start: rows left unsent by a crash are published by the next process', async () => {
    await ctx.app.get(OutboxRelayService).onApplicationShutdown(); // this process stands for the crashed one
    const u = await createUser(ctx, { role: 'BUYER' });
    const eventId = '00000000-0000-4000-8000-0000000e0001';
    await insertEvent(u.id, eventId);
    const next = await createApp();
    try {
      // before the first poll (OUTBOX_POLL_MS = 2 s): published by the relay's run at start
      await waitFor(async () => (await jobsOf(u.id)).length === 1, 1500);
      expect((await jobsOf(u.id))[0]!.id).toBe(eventId);
    } finally {
      await next.app.close();
    }
  });
});
