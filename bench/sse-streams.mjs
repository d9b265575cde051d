#!/usr/bin/env node
// Live events at scale (issue 9 §4): the whole stack (bench/lib/portal-stack), STREAMS bench users with a session each
// (users and sessions written straight into identity's tables, tokens hashed the way identity stores them), one open
// GET /api/events stream per user on the one gateway. Then:
//   - the gateway's RSS with every stream open (target ≤ 200 MB),
//   - MESSAGES messages from the demo broker (POST /api/messages/send through the gateway) to bench users, one after
//     another: time from the send's start to the message.new event on the receiver's stream (target p95 ≤ 200 ms).
//   npm run bench:sse [-- --streams 2000 --messages 100]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ROOT, sleep } from './lib/gateway-harness.mjs';
import { percentiles, runBench } from './lib/listings-harness.mjs';
import { MB, loadLine, rssBytes, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const STREAMS = arg('streams', 2000);
const MESSAGES = arg('messages', 100);
const RSS_TARGET_MB = 200;
const P95_TARGET_MS = 200;
/** Streams opened at once while connecting (each resolves its session once through identity). */
const OPEN_CONCURRENCY = 50;

/** Opens one SSE stream; calls onEvent(data) per `data:` line; resolves once the 200 head is in. */
function openStream(url, agent, token, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'x-session-token': token, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) { res.resume(); reject(new Error(`GET /api/events answered ${res.statusCode}`)); return; }
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of block.split('\n')) if (line.startsWith('data: ')) onEvent(line.slice(6));
        }
      });
      res.on('error', () => {});
      resolve(req);
    });
    req.on('error', reject);
  });
}

await runBench(async () => {
  console.log(`SSE streams: ${loadLine()} (shared machine: figures vary with the load)`);
  const stack = await startPortalStack();
  const base = stack.url.replace('localhost', '127.0.0.1');
  const { token: brokerToken } = await signIn(stack, 'broker@example.com');
  const { default: pg } = await import('pg');
  const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
  db.on('error', () => {});

  // STREAMS buyers, each with one live session: token = <prefix>-<n>, stored as sha256 hex like identity does
  const prefix = `ssebench${randomBytes(12).toString('hex')}`;
  await db.query(
    `INSERT INTO identity.users (name, email, phone, role, is_active, password_hash, password_set_at, manager_id)
     SELECT 'Stream User ' || g, 'stream.' || g || '@bench.example.com', '555-0100', 'BUYER', true, NULL, NULL, NULL
       FROM generate_series(1, $1::int) g`,
    [STREAMS],
  );
  const users = (await db.query(
    `WITH u AS (SELECT id, $1 || '-' || split_part(split_part(email, '@', 1), '.', 2) AS token FROM identity.users WHERE email LIKE 'stream.%@bench.example.com'),
          s AS (INSERT INTO identity.sessions (user_id, token_hash, expires_at)
                SELECT id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now() + interval '1 day' FROM u)
     SELECT id AS user_id, token FROM u ORDER BY id`,
    [prefix],
  )).rows;
  console.log(`created ${users.length} users with a session each`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const arrivals = new Map(); // messageId → arrival time
  const waiters = new Map(); // messageId → resolve
  const onEvent = (data) => {
    let e;
    try { e = JSON.parse(data); } catch { return; }
    if (e.type !== 'message.new') return;
    const t = performance.now();
    arrivals.set(e.messageId, t);
    waiters.get(e.messageId)?.(t);
  };
  const rss0 = rssBytes(stack.pids.gateway);
  const tOpen = performance.now();
  const reqs = [];
  for (let i = 0; i < users.length; i += OPEN_CONCURRENCY) {
    reqs.push(...(await Promise.all(users.slice(i, i + OPEN_CONCURRENCY).map((u) => openStream(`${base}/api/events`, agent, u.token, onEvent)))));
  }
  const openSecs = (performance.now() - tOpen) / 1000;
  await sleep(2000);
  const rssOpen = rssBytes(stack.pids.gateway);
  console.log(`opened ${reqs.length} streams in ${openSecs.toFixed(1)} s; gateway RSS ${(rss0 / MB).toFixed(0)} MB before, ${(rssOpen / MB).toFixed(0)} MB with every stream open`);

  // MESSAGES sends, one after another, each to another bench user: send start → message.new on that user's stream
  const send = (receiverId, i) => new Promise((resolve, reject) => {
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const fields = { receiverId, subject: `Bench message ${i}`, content: `Hello from the SSE bench, message ${i}.` };
    const body = Buffer.from(Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`);
    const req = http.request(`${base}/api/messages/send`, {
      method: 'POST', agent,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length), 'x-session-token': brokerToken },
    }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text).data.id) : reject(new Error(`send answered ${res.statusCode}: ${text.slice(0, 300)}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
  const deliveryMs = [];
  const sendMs = [];
  let lost = 0;
  const warm = 5;
  for (let i = 0; i < MESSAGES + warm; i++) {
    const to = users[(i * 17) % users.length];
    const t0 = performance.now();
    const id = await send(to.user_id, i);
    const t1 = performance.now();
    const at = arrivals.get(id) ?? await Promise.race([
      new Promise((r) => waiters.set(id, r)),
      sleep(5000).then(() => null),
    ]);
    waiters.delete(id);
    if (i < warm) continue; // JIT and pools
    sendMs.push(t1 - t0);
    if (at === null) lost++;
    else deliveryMs.push(at - t0);
  }
  const rssAfter = rssBytes(stack.pids.gateway);
  const d = percentiles(deliveryMs);
  const s = percentiles(sendMs);
  const rssMb = Math.max(rssOpen, rssAfter) / MB;
  const ok = rssMb <= RSS_TARGET_MB && d.p95 <= P95_TARGET_MS && lost === 0;
  console.log(`gateway RSS with ${reqs.length} streams: ${(rssOpen / MB).toFixed(0)} MB open, ${(rssAfter / MB).toFixed(0)} MB after the messages (target ≤ ${RSS_TARGET_MB} MB)`);
  console.log(`send → receiver's stream over ${MESSAGES} messages: p50 ${d.p50.toFixed(1)} ms  p95 ${d.p95.toFixed(1)} ms  max ${d.max.toFixed(1)} ms, lost ${lost} (target p95 ≤ ${P95_TARGET_MS} ms)`);
  console.log(`  of which the POST itself: p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms`);
  console.log(`  ${ok ? 'PASS' : 'MISSED'}; ${loadLine()}`);
  const out = path.join(ROOT, 'bench/results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'sse-streams.json'), `${JSON.stringify({
    at: new Date().toISOString(), load: loadLine(), streams: reqs.length, messages: MESSAGES, openSeconds: openSecs,
    gatewayRssMb: { before: rss0 / MB, open: rssOpen / MB, after: rssAfter / MB }, deliveryMs: d, sendMs: s, lost,
    targets: { rssMb: RSS_TARGET_MB, p95Ms: P95_TARGET_MS }, pass: ok,
  }, null, 2)}\n`);
  for (const r of reqs) r.destroy();
  agent.destroy();
  await db.end();
  return ok;
});
