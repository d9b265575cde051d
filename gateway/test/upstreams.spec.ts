import http from 'node:http';
import { MSG } from '@brokerage/contracts';
import { ROUTE_TABLE } from '../src/routes/route-table.js';
import { eventually, gateway, startUpstream, closedPort, type Upstream } from './helpers.js';

describe('upstream replicas and outages', () => {
  const started: Upstream[] = [];
  const apps: Awaited<ReturnType<typeof gateway>>[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const u of started) await u.close();
  });
  async function up(name: string) { const u = await startUpstream(name); started.push(u); return u; }

  it('a down service answers 503 {message} within 2 s while another service still answers 200', async () => {
    const listings = await up('listings');
    const dead = await closedPort();
    const app = await gateway({ UPSTREAM_IDENTITY: `http://127.0.0.1:${dead}`, UPSTREAM_LISTINGS: listings.url });
    apps.push(app);
    const t0 = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x' } });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.serviceUnavailable });
    const ok = await app.inject({ method: 'GET', url: '/api/auth/available-listings' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().service).toBe('listings');
    const health = await app.inject({ method: 'GET', url: '/api/health/identity' });
    expect(health.statusCode).toBe(503);
  });

  it('503 over a real socket too (listening gateway)', async () => {
    const dead = await closedPort();
    const app = await gateway({ UPSTREAM_MESSAGING: `http://127.0.0.1:${dead}` });
    apps.push(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const t0 = Date.now();
    const res = await fetch(`${address}/api/callback-request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstName":"a"}' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: MSG.serviceUnavailable });
  });

  it('round-robins over replicas', async () => {
    const a = await up('listings-a');
    const b = await up('listings-b');
    const c = await up('listings-c');
    const app = await gateway({ UPSTREAM_LISTINGS: [a.url, b.url, c.url].join(',') });
    apps.push(app);
    const ports: number[] = [];
    for (let i = 0; i < 6; i++) ports.push((await app.inject({ method: 'GET', url: '/api/auth/available-listings' })).json().port);
    expect(ports.slice(0, 3).sort()).toEqual([a.port, b.port, c.port].sort());
    expect(ports.slice(3)).toEqual(ports.slice(0, 3));
  });

  it('skips a replica that refuses connections and keeps answering from the others', async () => {
    const a = await up('identity-a');
    const dead = await closedPort();
    const b = await up('identity-b');
    const app = await gateway({ UPSTREAM_IDENTITY: [a.url, `http://127.0.0.1:${dead}`, b.url].join(',') });
    apps.push(app);
    const ports: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { i } });
      expect(res.statusCode).toBe(200);
      ports.push(res.json().port);
    }
    expect(new Set(ports)).toEqual(new Set([a.port, b.port]));
    // every request succeeded and the dead one was tried at most once (then skipped for a few seconds)
    const calls = (u: Upstream) => u.seen.filter((r) => r.url !== '/health/ready').length; // not the readiness checks
    expect(calls(a) + calls(b)).toBe(8);
    expect(Math.abs(a.seen.filter((r) => r.url === '/auth/register').length - b.seen.filter((r) => r.url === '/auth/register').length)).toBeLessThanOrEqual(2);
  });

  it('a replica that comes back is used again after its cooldown', async () => {
    const a = await up('checklists-a');
    const port = await closedPort();
    const app = await gateway({ UPSTREAM_LISTINGS: [a.url, `http://127.0.0.1:${port}`].join(',') }, (c) => { c.replicaCooldownMs = 200; });
    apps.push(app);
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/auth/available-listings' })).statusCode).toBe(200);
    const back = await startUpstream('listings-back', undefined, port);
    started.push(back);
    // once its cooldown (200 ms) is over the requests spread over both again
    const ports = new Set<number>();
    await eventually(async () => {
      ports.add((await app.inject({ method: 'GET', url: '/api/auth/available-listings' })).json().port);
      return ports.size === 2;
    });
    expect(ports).toEqual(new Set([a.port, port]));
  });

  it('multipart bodies: 415 on a non-upload route, 501 on a planned upload route', async () => {
    // a planned upload route answers 501 without reading the body (the next test makes one live).
    const m = await up('messaging');
    const app = await gateway({ UPSTREAM_MESSAGING: m.url });
    apps.push(app);
    const boundary = 'XyZ';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'z'.repeat(200_000)}\r\n--${boundary}--\r\n`;
    // multipart only where the route table allows it (upload routes): elsewhere 415 without reaching the service
    const res = await app.inject({ method: 'POST', url: '/api/auth/contact-message', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode).toBe(415);
    expect(m.seen).toHaveLength(0);
    // a still planned upload route of the table (messages/send went live with issue 9), parameters filled in
    const plannedUpload = ROUTE_TABLE.find((e) => e.status === 'planned' && e.multipart && e.method === 'POST');
    if (!plannedUpload) return; // every upload route is live: nothing planned left to answer 501
    const url = `/api${plannedUpload.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000001')}`;
    const planned = await app.inject({ method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(planned.statusCode).toBe(501);
  });
});

describe('upload bodies on a live multipart route', () => {
  it('streams 5 MB through and refuses more than the route\'s limit (here UPLOAD_BODY_LIMIT_MB=25) with 413', async () => {
    const { ROUTE_TABLE } = await import('../src/routes/route-table.js');
    const docs = await startUpstream('documents');
    const table = ROUTE_TABLE.map((e) => (e.path === '/seller/listings/:listingId/documents' && e.method === 'POST' ? { ...e, status: 'live' as const } : e));
    const app = await gateway({ UPSTREAM_DOCUMENTS: docs.url, UPLOAD_BODY_LIMIT_MB: '25' }, (c) => { c.routeTable = table; });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const five = Buffer.alloc(5 * 1024 * 1024, 7);
      const ok = await fetch(`${address}/api/seller/listings/9/documents`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body: five });
      expect(ok.status).toBe(200);
      expect((await ok.json()).bodyLength).toBe(five.length);
      const huge = await fetch(`${address}/api/seller/listings/9/documents`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body: Buffer.alloc(25 * 1024 * 1024 + 1, 7) });
      expect(huge.status).toBe(413);
      // chunked (no content-length): counted while streaming
      const chunkedStatus = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${address}/api/seller/listings/9/documents`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' } }, (res) => { res.resume(); resolve(res.statusCode!); });
        req.on('error', reject);
        let sent = 0;
        const pump = () => {
          while (sent < 26 * 1024 * 1024) { sent += 1024 * 1024; if (!req.write(Buffer.alloc(1024 * 1024))) { req.once('drain', pump); return; } }
          req.end();
        };
        pump();
      });
      expect(chunkedStatus).toBe(413);
    } finally {
      await app.close();
      await docs.close();
    }
  });
});

describe('parameters on live routes', () => {
  it('forwards ids as given and refuses encoded dot-dot segments with 400', async () => {
    const { ROUTE_TABLE } = await import('../src/routes/route-table.js');
    const docs = await startUpstream('documents');
    const table = ROUTE_TABLE.map((e) => (e.path === '/seller/download-document/:id' ? { ...e, status: 'live' as const } : e));
    const app = await gateway({ UPSTREAM_DOCUMENTS: docs.url }, (c) => { c.routeTable = table; });
    try {
      const ok = await app.inject({ method: 'GET', url: '/api/seller/download-document/abc-123?inline=1' });
      expect(ok.statusCode).toBe(200);
      expect(docs.seen.at(-1)!.url).toBe('/seller/download-document/abc-123?inline=1');
      const bad = await app.inject({ method: 'GET', url: '/api/seller/download-document/..%2f..%2finternal%2fusers' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Bad request' });
      // a literal or %2e dot-dot is normalised away by URL parsing before routing: never a service call
      expect((await app.inject({ method: 'GET', url: '/api/seller/download-document/%2e%2e' })).statusCode).toBe(404);
      expect(docs.seen).toHaveLength(1);
    } finally {
      await app.close();
      await docs.close();
    }
  });
});
