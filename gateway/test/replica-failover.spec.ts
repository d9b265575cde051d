// Issue 20 §1–§2: the gateway spreads requests over a service's replicas, routes around one that is not ready, and
// repeats a request that may be repeated (GET/HEAD, a write with an Idempotency-Key) on another replica when one answers
// 503 or goes away mid-request; a write without a key is never sent twice.
import { ReplicaPool } from '../src/proxy/upstreams.js';
import { gateway, startUpstream, type Upstream } from './helpers.js';

const notReady = (r: { url: string }, res: import('node:http').ServerResponse) => {
  if (r.url === '/health/ready') { res.statusCode = 503; res.end('{"message":"not ready"}'); return true; }
  res.statusCode = 503;
  res.setHeader('content-type', 'application/json');
  res.end('{"message":"This service is temporarily unavailable. Please try again shortly."}');
  return true;
};

describe('gateway replica failover', () => {
  const started: Upstream[] = [];
  afterAll(async () => { for (const u of started) await u.close(); });
  async function up(name: string, handler?: Parameters<typeof startUpstream>[1]) { const u = await startUpstream(name, handler); started.push(u); return u; }

  it('a GET answered 503 by one replica is answered by the other; the 503 one is avoided afterwards', async () => {
    const bad = await up('listings-bad', notReady);
    const good = await up('listings-good');
    const app = await gateway({ UPSTREAM_LISTINGS: [bad.url, good.url].join(',') });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/auth/available-listings' });
        expect(res.statusCode).toBe(200);
        expect(res.json().port).toBe(good.port);
      }
      // tried once, then marked not ready: the others went straight to the good replica
      expect(bad.seen.filter((r) => r.url !== '/health/ready')).toHaveLength(1);
    } finally { await app.close(); }
  });

  it('a write with an Idempotency-Key is repeated on the other replica after a 503; one without a key is not', async () => {
    const bad = await up('identity-bad', notReady);
    const good = await up('identity-good');
    const app = await gateway({ UPSTREAM_IDENTITY: [bad.url, good.url].join(',') });
    try {
      const keyed = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'idempotency-key': 'k-1' }, payload: { a: 1 } });
      expect(keyed.statusCode).toBe(200);
      expect(good.seen.at(-1)!.headers['idempotency-key']).toBe('k-1');
      expect(good.seen.at(-1)!.body).toBe('{"a":1}');
      // a fresh gateway (nothing marked yet) and a write without a key: the 503 is the answer, sent once
      const app2 = await gateway({ UPSTREAM_IDENTITY: [bad.url, good.url].join(',') });
      try {
        const registers = () => good.seen.filter((r) => r.url === '/auth/register').length;
        const before = registers();
        const plain = await app2.inject({ method: 'POST', url: '/api/auth/register', payload: { a: 2 } });
        if (plain.statusCode === 503) expect(registers()).toBe(before);
        else expect(plain.json().port).toBe(good.port); // round-robin picked the good one first
        expect(bad.seen.filter((r) => r.url === '/auth/register' && r.body === '{"a":2}').length + good.seen.filter((r) => r.body === '{"a":2}').length).toBe(1);
      } finally { await app2.close(); }
    } finally { await app.close(); }
  });

  it('a GET whose replica dies mid-request is answered by the other one', async () => {
    const dying = await up('messaging-dying', (r, res) => {
      if (r.url === '/health/ready') return false;
      res.socket?.destroy(); // the process went away before answering
      return true;
    });
    const good = await up('messaging-good');
    const app = await gateway({ UPSTREAM_MESSAGING: [dying.url, good.url].join(',') });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/messages/inbox' });
        expect(res.statusCode).toBe(200);
        expect(res.json().port).toBe(good.port);
      }
    } finally { await app.close(); }
  });

  it('readiness checks take a replica out while it answers 503 on /health/ready and back when it answers 200', async () => {
    let ready = false;
    const a = await up('documents-a', (r, res) => {
      if (r.url !== '/health/ready') return false;
      res.statusCode = ready ? 200 : 503;
      res.end('{}');
      return true;
    });
    const b = await up('documents-b');
    const pool = new ReplicaPool('documents', [a.url, b.url], 5000);
    await pool.checkReadiness();
    expect(pool.isReady(a.url)).toBe(false);
    expect(pool.isReady(b.url)).toBe(true); // no /health/ready route (echo server answers 200)
    expect([pool.next(), pool.next(), pool.next()]).toEqual([b.url, b.url, b.url]);
    ready = true;
    await pool.checkReadiness();
    expect(new Set([pool.next(), pool.next()])).toEqual(new Set([a.url, b.url]));
  });

  it('when no replica is ready, requests still go to one (it answers for itself)', () => {
    const pool = new ReplicaPool('documents', ['http://127.0.0.1:1', 'http://127.0.0.1:2'], 5000);
    pool.markNotReady('http://127.0.0.1:1');
    pool.markNotReady('http://127.0.0.1:2');
    expect(pool.next()).not.toBeNull();
  });
});
