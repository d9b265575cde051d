#!/usr/bin/env node
// Messaging inbox under load (issue 9 §4): the whole stack (bench/lib/portal-stack: embedded PostgreSQL/Redis/S3, every
// service, the gateway, the demo seed), 100,000 messages to the demo agent seeded straight into messaging.messages with
// one INSERT … SELECT generate_series, then GET /api/messages/inbox (first page, 50 messages) through the gateway with
// the agent's session, RATE req/s open loop for SECONDS s. Prints p50/p95/p99. Target: p99 ≤ 20 ms. Exit 1 when missed.
//   npm run bench:inbox [-- --rate 100 --seconds 20 --messages 100000]
// --replicas 1,2 (issue 21 §3) scale-out instead: one stack per count of messaging replicas (REPLICAS_MESSAGING), side by
// side, each seeded the same way; in interleaved rounds (1, 2, 2, 1, …) CLIENTS concurrent clients read the inbox in a
// closed loop for --seconds through each stack's gateway; prints req/s and p99 per count and the ratio of the second
// count's req/s to the first's with its range over the rounds.
//   npm run bench:inbox -- --replicas 1,2 [--rounds 5 --seconds 8 --clients 16 --messages 100000]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT, cpuMs } from './lib/gateway-harness.mjs';
import { openLoop, percentiles, runBench } from './lib/listings-harness.mjs';
import { loadLine, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const RATE = arg('rate', 100);
const SECONDS = arg('seconds', 20);
const MESSAGES = arg('messages', 100_000);
const TARGET_P99_MS = 20;
const REPLICAS = args.includes('--replicas') ? args[args.indexOf('--replicas') + 1].split(',').map(Number) : null;
const ROUNDS = arg('rounds', 5);
const CLIENTS = arg('clients', 16);

const fmt = (n) => n.toFixed(1).padStart(6);

/** The agent's inbox filled with MESSAGES messages (one INSERT … SELECT). */
async function seedInbox(db, user) {
  const t0 = Date.now();
  // 40 senders, one message a minute going back in time; every 7th read, none deleted
  await db.query(
    `INSERT INTO messaging.messages (sender_id, sender_name, receiver_id, receiver_name, subject, content, created_at, read_at)
     SELECT md5('sender' || (g % 40))::uuid, 'Sender ' || (g % 40), $1, $2, 'Subject ' || g,
            'Message body number ' || g || ': ' || repeat('lorem ipsum ', 20), now() - make_interval(mins => g), CASE WHEN g % 7 = 0 THEN now() END
       FROM generate_series(1, $3::int) g`,
    [user.id, user.name, MESSAGES],
  );
  await db.query('ANALYZE messaging.messages');
  const { n } = (await db.query('SELECT count(*)::int AS n FROM messaging.messages WHERE receiver_id = $1', [user.id])).rows[0];
  console.log(`seeded ${n} messages in the agent's inbox in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return n;
}

/** GET /api/messages/inbox through a stack's gateway with the agent's session: {ok, body}. */
function inboxGetter(stack, token) {
  const url = `${stack.url.replace('localhost', '127.0.0.1')}/api/messages/inbox`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const get = () => new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { 'x-session-token': token, accept: 'application/json' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ ok: res.statusCode === 200, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve({ ok: false }));
  });
  return { get, agent };
}

/** --replicas a,b: throughput of the inbox read with a and with b messaging replicas, side by side (see the top). */
async function scaleOut() {
  console.log(`messaging inbox with ${REPLICAS.join(' and ')} replicas: ${loadLine()} (shared machine: figures vary with the load)`);
  const { default: pg } = await import('pg');
  const stacks = [];
  for (const r of REPLICAS) {
    const stack = await startPortalStack({ REPLICAS_MESSAGING: String(r) });
    const { token, user } = await signIn(stack, 'agent@example.com');
    const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
    db.on('error', () => {});
    await seedInbox(db, user);
    await db.end();
    const { get, agent } = inboxGetter(stack, token);
    const pids = Object.entries(stack.pids).filter(([label]) => label === 'messaging' || label.startsWith('messaging#')).map(([, pid]) => pid);
    stacks.push({ n: r, get, agent, pids, rps: [], p99: [], cpu: 0, errors: 0 });
    console.log(`  stack with ${r} messaging replica(s) ready (${stack.url})`);
  }
  // CLIENTS clients, each sending its next request when the last is answered, for `seconds`
  const closedLoop = async (s, seconds) => {
    const lat = [];
    const end = performance.now() + seconds * 1000;
    const c0 = s.pids.reduce((a, pid) => a + cpuMs(pid), 0);
    const t = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t1 = performance.now();
        if ((await s.get()).ok) lat.push(performance.now() - t1); else s.errors++;
      }
    }));
    s.cpu += s.pids.reduce((a, pid) => a + cpuMs(pid), 0) - c0;
    return { rps: lat.length / ((performance.now() - t) / 1000), p99: percentiles(lat).p99 };
  };
  for (const s of stacks) await closedLoop(s, 2); // warm-up (JIT, pools, caches)
  for (const s of stacks) { s.cpu = 0; s.errors = 0; }
  const ratios = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const s of i % 2 === 0 ? stacks : [...stacks].reverse()) { const r = await closedLoop(s, SECONDS); s.rps.push(r.rps); s.p99.push(r.p99); }
    ratios.push(stacks[1].rps[i] / stacks[0].rps[i]);
    console.log(`  round ${i + 1}: ${stacks.map((s) => `${s.n} replica(s) ${s.rps[i].toFixed(0)} req/s p99 ${s.p99[i].toFixed(1)} ms`).join(', ')}, ratio ${ratios[i].toFixed(2)}  (${loadLine()})`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const range = (xs, d = 2) => `${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)}`;
  console.log(`\nGET /api/messages/inbox, ${CLIENTS} clients in a closed loop, ${ROUNDS} rounds of ${SECONDS} s`);
  for (const s of stacks) {
    const total = s.rps.reduce((a, x) => a + x * SECONDS, 0);
    console.log(`  ${s.n} messaging replica(s): ${median(s.rps).toFixed(0)} req/s (${range(s.rps, 0)}), p99 ${median(s.p99).toFixed(1)} ms (${range(s.p99, 1)}); `
      + `messaging CPU ${(s.cpu / total).toFixed(2)} ms per request; errors ${s.errors}`);
    s.agent.destroy();
  }
  console.log(`  ratio ${stacks[1].n} / ${stacks[0].n} replicas (req/s): ${median(ratios).toFixed(2)} (per round ${range(ratios)}); ${loadLine()}`);
  const out = path.join(ROOT, 'bench/results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'messaging-inbox-replicas.json'), `${JSON.stringify({
    at: new Date().toISOString(), load: loadLine(), clients: CLIENTS, seconds: SECONDS, rounds: ROUNDS, messages: MESSAGES,
    stacks: stacks.map((s) => ({ replicas: s.n, rps: s.rps, p99Ms: s.p99, medianRps: median(s.rps), errors: s.errors })),
    ratios, medianRatio: median(ratios),
  }, null, 2)}\n`);
  return stacks.every((s) => s.errors === 0);
}

await runBench(async () => {
  if (REPLICAS) return scaleOut();
  console.log(`messaging inbox: ${loadLine()} (shared machine: figures vary with the load)`);
  const stack = await startPortalStack();
  const { token, user } = await signIn(stack, 'agent@example.com');
  const { default: pg } = await import('pg');
  const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
  db.on('error', () => {});
  const n = await seedInbox(db, user);

  const { get, agent } = inboxGetter(stack, token);
  const first = await get();
  if (!first.ok) throw new Error(`GET /api/messages/inbox failed: ${first.body?.toString().slice(0, 300)}`);
  const page = JSON.parse(first.body.toString());
  console.log(`first page: ${page.messages.length} messages, nextCursor ${page.nextCursor ? 'set' : 'null'}, ${first.body.length} bytes`);

  // the database's share: the first-page query as the repository runs it (keyset index on receiver, created_at, id)
  const plan = (await db.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT m.id, m.subject, m.content, m.sender_id, m.sender_name, m.receiver_id, m.receiver_name, m.created_at, m.read_at
       FROM messaging.messages m WHERE m.receiver_id = $1 AND m.receiver_deleted_at IS NULL
        AND ($2::timestamptz IS NULL OR (m.created_at, m.id) < ($2::timestamptz, $3::uuid))
      ORDER BY m.created_at DESC, m.id DESC LIMIT 51`, [user.id, null, null])).rows[0]['QUERY PLAN'][0];
  const sqlMs = plan['Execution Time'];
  console.log(`first-page query in PostgreSQL: ${sqlMs.toFixed(2)} ms (${plan.Plan.Plans?.[0]?.['Node Type'] ?? plan.Plan['Node Type']}${plan.Plan.Plans?.[0]?.['Index Name'] ? ` on ${plan.Plan.Plans[0]['Index Name']}` : ''})`);
  const call = async () => (await get()).ok;
  await openLoop(call, { rate: RATE, seconds: 3 }); // warm-up (JIT, pools, caches)
  const closed = [];
  const cpu0 = { g: cpuMs(stack.pids.gateway), m: cpuMs(stack.pids.messaging) };
  for (let i = 0; i < 200; i++) { const t = performance.now(); await call(); closed.push(performance.now() - t); }
  const cpu = { gateway: (cpuMs(stack.pids.gateway) - cpu0.g) / 200, messaging: (cpuMs(stack.pids.messaging) - cpu0.m) / 200 };
  const c = percentiles(closed);
  const { lat, dropped, errors } = await openLoop(call, { rate: RATE, seconds: SECONDS });
  const p = percentiles(lat);
  agent.destroy();
  const ok = p.p99 <= TARGET_P99_MS && !errors && !dropped;
  console.log(`GET /api/messages/inbox closed loop: p50 ${fmt(c.p50)} ms  p99 ${fmt(c.p99)} ms; CPU per request gateway ${cpu.gateway.toFixed(2)} ms, messaging ${cpu.messaging.toFixed(2)} ms`);
  console.log(`  open ${RATE}/s × ${SECONDS} s: n=${p.n} p50 ${fmt(p.p50)} ms  p95 ${fmt(p.p95)} ms  p99 ${fmt(p.p99)} ms  max ${fmt(p.max)} ms  errors ${errors} dropped ${dropped}`);
  console.log(`  ${ok ? 'PASS' : 'MISSED'} (target p99 ≤ ${TARGET_P99_MS} ms); ${loadLine()}`);
  const out = path.join(ROOT, 'bench/results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'messaging-inbox.json'), `${JSON.stringify({
    at: new Date().toISOString(), load: loadLine(), rate: RATE, seconds: SECONDS, messages: n,
    open: { ...p, dropped, errors }, closed: c, cpuMsPerRequest: cpu, firstPageSqlMs: sqlMs, targetP99Ms: TARGET_P99_MS, pass: ok,
  }, null, 2)}\n`);
  await db.end();
  return ok;
});
