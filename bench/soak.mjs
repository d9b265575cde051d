#!/usr/bin/env node
// `npm run soak`: load and time (issue 20 §3). The whole stack (demo seed) on free ports, SESSIONS concurrent portal
// sessions of the four roles for MINUTES, as people use it: each session signs in, keeps its /api/events stream open
// and opens a screen every few seconds (each screen = the reads its page makes, in parallel); now and then a write
// (message, with an attachment sometimes; upload of a 50 KB-1 MB PDF; checklist tick; questionnaire submit that makes a
// PDF). Reads far outnumber writes.
//
// Prints p50/p95/p99 per route family and the 5xx count (target 0). Every SAMPLE s it records, for every process of
// the stack (services, pdf worker, gateway: bench/soak-probe.mjs loaded through NODE_OPTIONS, which writes to a file;
// PostgreSQL and Redis from /proc), the RSS, event-loop delay and open handles, and PostgreSQL's connections per
// application (pg_stat_activity). Checks, each PASS/FAIL:
//   - no 5xx;
//   - no Node process's RSS grows more than 10 % from its level after the first WARMUP minutes to the end;
//   - open handles do not keep growing (same 10 % + 20 rule);
//   - PostgreSQL connections of each application stay within its pools' bounds (10 per process: nest-common's
//     typeorm-options) at every sample.
// The gateway's rate limits are raised for the run (the same env names as e2e/global-setup.ts), and argon2 runs at
// OWASP's minimum cost (m=19 MiB, t=2, p=1; what the tests use), as in a day's traffic sign-ins are few: at the
// default cost (64 MiB, t=3, p=4) 500 sign-ins take minutes of CPU on 2 cores, which is a sign-in storm, not a soak.
//
// Sign-ins are spread over the first RAMP seconds (default 60: 500 people do not press Sign in in the same
// millisecond; --ramp 0 is a burst, every session at once). The client behaves as the portal's does (api-client):
// a sign-in waits 15 s and is tried twice (the second attempt only after no answer or a 5xx); every answer, the retried
// ones included, is counted, so a 5xx the retry hid still fails the check.
//
//   node bench/soak.mjs [--users 500] [--minutes 10] [--ramp 60] [--sample 10] [--warmup 2] [--think 10]
//                       [--workload all|documents] [--env NAME=value ...]
//   --users N       (alias --sessions) concurrent sessions
//   --workload documents  the sessions only list, upload and download documents (the documents process's memory)
//   --env NAME=value      extra environment for every process of the stack (repeatable; A/B runs)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, sleep, cleanup } from './lib/gateway-harness.mjs';
import { startPortalStack, loadLine, MB } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const strArg = (name, dflt) => (args.includes(`--${name}`) ? String(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SESSIONS = arg('users', arg('sessions', 500));
const RAMP_S = arg('ramp', 60);
const WORKLOAD = strArg('workload', 'all');
const EXTRA_ENV = Object.fromEntries(args.flatMap((a, i) => (a === '--env' && args[i + 1]?.includes('=') ? [args[i + 1].split(/=(.*)/s).slice(0, 2)] : [])));
/** The portal's sign-in (api-client auth-api LOGIN_LIKE): 15 s per attempt, 2 attempts. */
const SIGN_IN = { timeoutMs: 15_000, attempts: 2 };
const MINUTES = arg('minutes', 10);
const SAMPLE_S = arg('sample', 10);
const WARMUP_MIN = arg('warmup', Math.min(2, MINUTES / 3));
const THINK_S = arg('think', 10); // mean seconds between two screens of one session
const GROWTH_LIMIT = 0.10;
const POOL_MAX = 10; // packages/nest-common/src/database/typeorm-options.ts extra.max
const ROLE_MIX = [['BUYER', 0.55], ['SELLER', 0.25], ['AGENT', 0.12], ['BROKER', 0.08]];

const RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000', RATE_LIMIT_RESET_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '100000',
  RATE_LIMIT_ACCOUNT_FAILURES: '100000', RATE_LIMIT_FORMS_PER_MINUTE: '100000', RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
  RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '100000',
  ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1',
};

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const pdf = (bytes) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), crypto.randomBytes(Math.max(0, bytes - 16))]);
const PDF_POOL = [50, 120, 300, 1024].map((kb) => pdf(kb * 1024));
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const mb = (b) => (b / MB).toFixed(1);

// ── request accounting ────────────────────────────────────────────────────────────────────────────────────────────
const families = new Map(); // family -> { ms: [], n, s2, s4, s5, err }
const fiveXx = new Map(); // "METHOD route status message" -> count
const fourXx = new Map();
let stopAt = Infinity;
function record(family, ms, status, label, message) {
  if (!families.has(family)) families.set(family, { ms: [], n: 0, s2: 0, s3: 0, s4: 0, s5: 0, err: 0 });
  const f = families.get(family);
  f.n++;
  f.ms.push(ms);
  if (status === 0) f.err++;
  else f[`s${Math.floor(status / 100)}`]++;
  const k = `${label} → ${status || 'network error'} ${String(message || '').slice(0, 120)}`;
  if (status >= 500 || status === 0) fiveXx.set(k, (fiveXx.get(k) || 0) + 1);
  else if (status >= 400) fourXx.set(k, (fourXx.get(k) || 0) + 1);
}

function client(base) {
  return async function call(family, method, p, { token, json, body, route = p.replace(/[0-9a-f-]{36}/g, ':id'), read = 'json', timeoutMs = 30000, attempts = 1 } = {}) {
    // writes carry an Idempotency-Key, the same on every attempt (api-client)
    const key = method === 'GET' || p.startsWith('/api/auth/') ? undefined : crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      const r = await once(family, method, p, { token, json, body, route, read, timeoutMs, key });
      // the portal's retry (api-client): after no answer or a 5xx other than 501, once the attempts allow it
      if (attempt >= attempts || !(r.status === 0 || (r.status >= 500 && r.status !== 501))) return r;
      await sleep(1000 * attempt);
    }
  };
  async function once(family, method, p, { token, json, body, route, read, timeoutMs, key }) {
    const headers = { 'sec-fetch-site': 'same-origin' };
    if (key) headers['idempotency-key'] = key;
    if (token) headers['x-session-token'] = token;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const t = performance.now();
    let status = 0;
    let out = null;
    let message = '';
    try {
      const res = await fetch(`${base}${p}`, { method, headers, body: json !== undefined ? JSON.stringify(json) : body, signal: AbortSignal.timeout(timeoutMs) });
      status = res.status;
      if (read === 'json') {
        const text = await res.text();
        try { out = JSON.parse(text); } catch { out = null; }
        if (status >= 400) message = out?.message || text.slice(0, 120);
      } else {
        const buf = Buffer.from(await res.arrayBuffer());
        out = buf;
      }
    } catch (err) {
      message = err.cause?.code || err.name || err.message;
    }
    record(family, performance.now() - t, status, `${method} ${route}`, message);
    return { status, body: out };
  }
}

function multipart(fields, fileField, files) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(fileField, new Blob([f.buf], { type: 'application/pdf' }), f.name);
  return fd;
}

// ── one session ───────────────────────────────────────────────────────────────────────────────────────────────────
const think = () => sleep(THINK_S * 1000 * (0.4 + Math.random() * 1.2));

async function openEvents(base, token, abort) {
  // The portal's live stream: read and dropped; reopened after a pause when the server ends it.
  while (!abort.signal.aborted && Date.now() < stopAt) {
    try {
      const res = await fetch(`${base}/api/events`, { headers: { 'x-session-token': token, accept: 'text/event-stream' }, signal: abort.signal });
      if (res.status !== 200) {
        const text = await res.text().catch(() => '');
        record('events (open)', 0, res.status, 'GET /api/events', text.slice(0, 120));
        await sleep(5000);
        continue;
      }
      record('events (open)', 0, res.status, 'GET /api/events', '');
      for await (const chunk of res.body) void chunk;
    } catch { /* aborted at the end, or the stream broke: reconnect */ }
    if (!abort.signal.aborted) await sleep(1000 + Math.random() * 2000);
  }
}

async function session(base, person, contracts, quest) {
  const call = client(base);
  const login = await call('sign-in', 'POST', '/api/auth/login', { json: { email: person.email, password: contracts.DEMO_PASSWORD }, ...SIGN_IN });
  if (login.status !== 200) return;
  const token = login.body.sessionToken;
  const abort = new AbortController();
  const events = openEvents(base, token, abort);
  const o = { token };
  const area = person.role.toLowerCase();
  // what the portal reads once at start
  const [, contacts, current] = await Promise.all([
    call('auth', 'GET', '/api/auth/check-session', o),
    call('messages', 'GET', '/api/users', o),
    person.role === 'BUYER' || person.role === 'SELLER' ? call(`${area} reads`, 'GET', `/api/${area}/current-listing`, o) : Promise.resolve(null),
  ]);
  const receivers = (contacts.body?.users || contacts.body || []).map?.((u) => u.id).filter(Boolean) ?? [];
  const listingId = current?.body?.listing?.id || current?.body?.id || null;
  let staffListings = [];
  if (person.role === 'AGENT' || person.role === 'BROKER') {
    const l = await call('staff reads', 'GET', `/api/${area}/listings?page=1&pageSize=20`, o);
    staffListings = (l.body?.listings || l.body?.items || []).map((x) => x.id).filter(Boolean);
  }
  const screens = {
    BUYER: [
      [40, () => Promise.all([call('buyer reads', 'GET', '/api/buyer/dashboard', o), call('buyer reads', 'GET', '/api/buyer/progress', o), call('messages', 'GET', '/api/messages/unread-count', o)])],
      [15, () => Promise.all([call('buyer reads', 'GET', '/api/buyer/listings', o), call('buyer reads', 'GET', '/api/buyer/available-listings', o)])],
      [15, () => Promise.all([call('messages', 'GET', '/api/messages/inbox', o), call('messages', 'GET', '/api/messages/sent', o)])],
      [12, async () => {
        const d = await call('buyer reads', 'GET', '/api/buyer/documents', o);
        const doc = pick(d.body?.documents || []);
        if (doc?.url) await call('downloads', 'GET', doc.url, { ...o, read: 'bytes' });
      }, 'documents'],
      [6, () => listingId && call('checklist', 'GET', `/api/buyer/listings/${listingId}/pre-close-checklist`, o)],
      [6, () => receivers.length && send(call, o, pick(receivers))],
      // the upload form is on the documents screen, which a buyer sees only once past the NDA (409 before: no form)
      [4, async () => listingId && (await call('buyer reads', 'GET', '/api/buyer/documents', o)).status === 200 &&
        call('uploads', 'POST', `/api/buyer/listings/${listingId}/documents`, { ...o, body: multipart({}, 'files', [{ name: 'statement.pdf', buf: pick(PDF_POOL) }]) }), 'documents'],
      [2, () => listingId && tick(call, o, 'buyer', listingId)],
    ],
    SELLER: [
      [35, () => Promise.all([call('seller reads', 'GET', '/api/seller/dashboard', o), call('seller reads', 'GET', '/api/seller/progress', o), call('messages', 'GET', '/api/messages/unread-count', o)])],
      [15, () => listingId && Promise.all([call('seller reads', 'GET', `/api/seller/listings/${listingId}/buyer-activity`, o), call('seller reads', 'GET', `/api/seller/listings/${listingId}`, o)])],
      [12, () => call('messages', 'GET', '/api/messages/inbox', o)],
      [12, async () => {
        if (!listingId) return;
        const d = await call('seller reads', 'GET', `/api/seller/listings/${listingId}/documents`, o);
        const doc = pick(d.body?.documents || []);
        if (doc?.url) await call('downloads', 'GET', doc.url, { ...o, read: 'bytes' });
      }, 'documents'],
      [6, () => call('seller reads', 'GET', '/api/seller/questionnaire', o)],
      [6, () => listingId && call('checklist', 'GET', `/api/seller/listings/${listingId}/pre-close-checklist`, o)],
      [5, () => listingId && call('uploads', 'POST', `/api/seller/listings/${listingId}/documents`, { ...o, body: multipart({}, 'files', [{ name: 'tax return.pdf', buf: pick(PDF_POOL) }]) }), 'documents'],
      [4, () => receivers.length && send(call, o, pick(receivers))],
      [3, () => listingId && tick(call, o, 'seller', listingId)],
      [2, () => call('pdf forms', 'POST', '/api/seller/questionnaire/submit', { ...o, json: { questionnaire: quest } })],
    ],
    STAFF: [
      [35, () => Promise.all([call('staff reads', 'GET', `/api/${area}/dashboard`, o), call('staff reads', 'GET', `/api/${area}/needs-attention`, o), call('messages', 'GET', '/api/messages/unread-count', o)])],
      [20, () => Promise.all([call('staff reads', 'GET', `/api/${area}/listings?page=1&pageSize=20`, o), call('staff reads', 'GET', `/api/${area}/buyers`, o), call('staff reads', 'GET', `/api/${area}/sellers`, o)])],
      [20, () => staffListings.length && (async () => {
        const id = pick(staffListings);
        const [, docs] = await Promise.all([call('staff reads', 'GET', `/api/${area}/listings/${id}/progress`, o), call('staff reads', 'GET', `/api/${area}/listings/${id}/documents`, o),
          call('staff reads', 'GET', `/api/${area}/listings/${id}`, o)]);
        const doc = pick(docs.body?.documents || []);
        if (doc?.id && Math.random() < 0.5) await call('downloads', 'GET', `/api/${area}/documents/${doc.id}/download`, { ...o, read: 'bytes' });
      })(), 'documents'],
      [15, () => call('messages', 'GET', '/api/messages/inbox', o)],
      [6, () => receivers.length && send(call, o, pick(receivers))],
      [4, () => staffListings.length && call('uploads', 'POST', `/api/${area}/listings/${pick(staffListings)}/documents`, { ...o, body: multipart({ documentType: 'UPLOADED_DOC' }, 'files', [{ name: 'cim.pdf', buf: pick(PDF_POOL) }]) }), 'documents'],
    ],
  }[person.role === 'AGENT' || person.role === 'BROKER' ? 'STAFF' : person.role].filter((x) => WORKLOAD === 'all' || x[2] === WORKLOAD);
  const total = screens.reduce((n, [w]) => n + w, 0);
  await think();
  while (Date.now() < stopAt) {
    let r = Math.random() * total;
    const screen = screens.find(([w]) => (r -= w) < 0) || screens[0];
    await screen[1]();
    await think();
  }
  abort.abort();
  await events;
}

async function send(call, o, to) {
  const withFile = Math.random() < 0.3;
  const body = multipart({ receiverId: to, subject: 'Soak', content: `Checking in ${new Date().toISOString()}` }, 'attachments',
    withFile ? [{ name: 'scan.pdf', buf: pick(PDF_POOL) }] : []);
  return call('message sends', 'POST', '/api/messages/send', { ...o, body });
}

async function tick(call, o, area, listingId) {
  const c = await call('checklist', 'GET', `/api/${area}/listings/${listingId}/pre-close-checklist`, o);
  const cats = c.body?.categories || c.body?.checklist?.categories || [];
  const cat = pick(cats);
  const item = cat && pick(cat.items || []);
  if (!item) return;
  await call('checklist', 'PUT', `/api/${area}/listings/${listingId}/pre-close-checklist`, { ...o, json: { categoryId: cat.id, itemId: item.id, userRole: area } });
}

// ── process sampling ──────────────────────────────────────────────────────────────────────────────────────────────
function procRss(pid) {
  try { const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8')); return m ? Number(m[1]) * 1024 : NaN; } catch { return NaN; }
}
function childrenOf(pid) {
  const out = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try { if (Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid) out.push(Number(d)); } catch { /* gone */ }
  }
  return out;
}
let probeDir = null; // removed after the stack stopped (its processes write there until then)
const pidIn = (file) => { try { return Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || null; } catch { return null; } };

async function main() {
  console.log(`soak: ${SESSIONS} sessions for ${MINUTES} min, ${WORKLOAD === 'all' ? 'the four roles\' mix' : `${WORKLOAD} workload only`}; ` +
    `sign-ins ${RAMP_S > 0 ? `ramped up over the first ${RAMP_S} s` : 'all at once (burst)'} (15 s × 2 attempts, as the portal); ` +
    `sample every ${SAMPLE_S} s, growth measured after ${+WARMUP_MIN.toFixed(1)} min${Object.keys(EXTRA_ENV).length ? `; env ${JSON.stringify(EXTRA_ENV)}` : ''}; ` +
    `${loadLine()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM`);
  probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-probe-'));
  const stack = await startPortalStack({ ...RATE_LIMITS, NODE_OPTIONS: `--import=${pathToFileURL(path.join(ROOT, 'bench', 'soak-probe.mjs'))}`,
    SOAK_PROBE_DIR: probeDir, SOAK_PROBE_MS: String(SAMPLE_S * 1000), ...EXTRA_ENV });
  const contracts = await import('@brokerage/contracts');
  const base = stack.url.replace('localhost', '127.0.0.1');
  const labels = Object.fromEntries(Object.entries(stack.pids).map(([l, p]) => [p, l]));
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL, application_name: 'soak-sampler' });
  db.on('error', () => {});
  await db.connect();
  const pgPid = pidIn(path.join(stack.dataDir, 'postgres', 'postmaster.pid'));
  const redisPid = pidIn(path.join(stack.dataDir, 'redis', 'redis.pid'));
  // pool bounds per application_name: every process of that service (the pdf worker connects as documents)
  const bounds = {};
  for (const label of Object.keys(stack.pids)) {
    const app = label.split('#')[0] === 'pdf' ? 'documents' : label.split('#')[0];
    if (app !== 'gateway') bounds[app] = (bounds[app] || 0) + POOL_MAX;
  }

  const quest = {
    ...Object.fromEntries(contracts.QUESTION_NAMES.map((n, i) => [n, `Answer ${i + 1}: steady margins and a loyal customer base.`])),
    staffing: [], weeklyStaffing: [],
  };
  const byRole = (role) => contracts.DEMO_PEOPLE.filter((p) => p.role === role);
  const people = [];
  for (const [role, share] of ROLE_MIX) {
    const pool = byRole(role);
    const n = Math.round(SESSIONS * share);
    for (let i = 0; i < n; i++) people.push(pool[i % pool.length]);
  }
  while (people.length > SESSIONS) people.pop();

  const t0 = Date.now();
  stopAt = t0 + MINUTES * 60_000;
  const samples = []; // { t, procs: { label: {rss, eld, handles} }, pg: { app: n }, pgRss, redisRss }
  const sampler = setInterval(async () => {
    const t = (Date.now() - t0) / 1000;
    const procs = {};
    for (const f of fs.readdirSync(probeDir)) {
      const lines = fs.readFileSync(path.join(probeDir, f), 'utf8').trim().split('\n');
      const last = JSON.parse(lines.at(-1));
      if (Date.now() - last.t > SAMPLE_S * 2000) continue; // a process that stopped writing
      procs[labels[last.pid] || `${last.script}#${last.pid}`] = { rss: last.rss, heap: last.heapUsed, eld: last.eld, handles: last.handles, byType: last.byType };
    }
    let conns = {};
    try {
      const { rows } = await db.query("SELECT coalesce(nullif(application_name, ''), '(none)') AS app, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1");
      conns = Object.fromEntries(rows.map((r) => [r.app, r.n]));
    } catch { /* counted as missing */ }
    const pgRss = pgPid ? [pgPid, ...childrenOf(pgPid)].reduce((n, p) => n + (procRss(p) || 0), 0) : NaN;
    samples.push({ t, procs, pg: conns, pgRss, redisRss: redisPid ? procRss(redisPid) : NaN });
    const done = [...families.values()].reduce((n, f) => n + f.n, 0);
    const s5 = [...families.values()].reduce((n, f) => n + f.s5 + f.err, 0);
    const line = Object.entries(procs).map(([l, p]) => `${l} ${mb(p.rss)}`).join(' ');
    console.log(`[${f1(t / 60)} min] ${done} requests, ${s5} 5xx/errors; RSS MB ${line}; pg conns ${JSON.stringify(conns)}`);
  }, SAMPLE_S * 1000);

  // sign-ins spread over the ramp (--ramp s; 0 = all at once), then each session runs until the end
  const ramp = RAMP_S * 1000;
  await Promise.all(people.map(async (p, i) => {
    await sleep((i / people.length) * ramp);
    await session(base, p, contracts, quest).catch((err) => record('session', 0, 0, 'session', err.message));
  }));
  await sleep(SAMPLE_S * 1000 + 500); // the last sample
  clearInterval(sampler);
  await db.end().catch(() => {});

  // ── report ──
  const results = { at: new Date().toISOString(), machine: { nproc: os.cpus().length, ramGb: Math.round(os.totalmem() / 1024 ** 3), load: loadLine() },
    sessions: SESSIONS, minutes: MINUTES, families: {}, checks: [] };
  console.log(`\nper route family (${SESSIONS} sessions, ${MINUTES} min):`);
  console.log(`  ${'family'.padEnd(16)} ${'requests'.padStart(8)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  2xx / 4xx / 5xx / err`);
  let total5 = 0;
  for (const [name, f] of [...families.entries()].sort()) {
    const s = f.ms.sort((a, b) => a - b);
    const row = { n: f.n, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), s2: f.s2, s4: f.s4, s5: f.s5, err: f.err };
    results.families[name] = row;
    total5 += f.s5 + f.err;
    const lat = name === 'events (open)' ? ['', '', ''] : [f1(row.p50), f1(row.p95), f1(row.p99)];
    console.log(`  ${name.padEnd(16)} ${String(f.n).padStart(8)} ${(f.n / (MINUTES * 60)).toFixed(1).padStart(6)} ${lat[0].padStart(7)} ${lat[1].padStart(7)} ${lat[2].padStart(7)}  ${f.s2} / ${f.s4} / ${f.s5} / ${f.err}`);
  }
  for (const [k, n] of [...fiveXx.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    5xx: ${n} × ${k}`);
  for (const [k, n] of [...fourXx.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    4xx: ${n} × ${k}`);

  const check = (name, ok, detail) => { results.checks.push({ name, ok, detail }); console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`); };
  console.log('\nprocesses (RSS MB, median of the 2 min after the warm-up → of the last 2 min; event-loop delay p99 / max ms; open handles):');
  // RSS saws up and down with garbage collection (±20 % within a minute): compare the median of the first 2 minutes
  // after the warm-up with the median of the last 2 minutes (a leak moves both the floor and the median).
  const after = samples.filter((s) => s.t >= WARMUP_MIN * 60);
  const lastT = samples.length ? samples.at(-1).t : 0;
  let head = after.filter((s) => s.t < WARMUP_MIN * 60 + 120);
  let tail = after.filter((s) => s.t >= Math.max(lastT - 120, WARMUP_MIN * 60 + 120));
  if (!tail.length) { head = after.slice(0, 3); tail = after.slice(-3); } // a short run: first and last 3 samples
  const median = (xs) => { const v = xs.filter(Number.isFinite).sort((a, b) => a - b); return v.length ? v[Math.floor(v.length / 2)] : NaN; };
  const avg = median;
  const growth = {};
  const labelsSeen = [...new Set(after.flatMap((s) => Object.keys(s.procs)))].sort();
  for (const l of labelsSeen) {
    const val = (ss, k) => avg(ss.map((s) => s.procs[l]?.[k]).filter(Number.isFinite));
    const r0 = val(head, 'rss'); const r1 = val(tail, 'rss');
    const h0 = val(head, 'handles'); const h1 = val(tail, 'handles');
    const eld = after.map((s) => s.procs[l]?.eld).filter(Boolean);
    const eldP99 = Math.max(...eld.map((e) => e.p99)); const eldMax = Math.max(...eld.map((e) => e.max));
    growth[l] = { rss0: r0, rss1: r1, g: (r1 - r0) / r0, h0, h1, eldP99, eldMax };
    console.log(`  ${l.padEnd(12)} ${mb(r0).padStart(6)} → ${mb(r1).padStart(6)} (${((r1 - r0) / r0 * 100).toFixed(1).padStart(5)} %)  ` +
      `eld ${f1(eldP99)} / ${f1(eldMax)}  handles ${Math.round(h0)} → ${Math.round(h1)}`);
  }
  const pgR = [avg(head.map((s) => s.pgRss)), avg(tail.map((s) => s.pgRss))];
  const rdR = [avg(head.map((s) => s.redisRss)), avg(tail.map((s) => s.redisRss))];
  console.log(`  ${'postgres'.padEnd(12)} ${mb(pgR[0]).padStart(6)} → ${mb(pgR[1]).padStart(6)} (all its processes; shared buffers counted per process)`);
  console.log(`  ${'redis'.padEnd(12)} ${mb(rdR[0]).padStart(6)} → ${mb(rdR[1]).padStart(6)}`);
  const maxConns = {};
  for (const s of samples) for (const [app, n] of Object.entries(s.pg)) maxConns[app] = Math.max(maxConns[app] || 0, n);
  console.log(`  PostgreSQL connections, most seen: ${Object.entries(maxConns).map(([a, n]) => `${a} ${n}${bounds[a] ? `/${bounds[a]}` : ''}`).join(', ')}`);
  results.processes = growth;
  results.pg = { maxConns, bounds, rssMb: pgR.map((x) => x / MB) };

  console.log('\nchecks:');
  check('no 5xx', total5 === 0, `${total5} 5xx or network errors of ${[...families.values()].reduce((n, f) => n + f.n, 0)} requests`);
  const grown = Object.entries(growth).filter(([, g]) => !(g.g <= GROWTH_LIMIT));
  check(`no process grows more than ${GROWTH_LIMIT * 100} % after ${+WARMUP_MIN.toFixed(1)} min`, grown.length === 0 && labelsSeen.length > 0,
    grown.length ? grown.map(([l, g]) => `${l} +${(g.g * 100).toFixed(1)} %`).join(', ') : `largest ${Math.max(...Object.values(growth).map((g) => g.g * 100)).toFixed(1)} % (${labelsSeen.length} processes)`);
  const leaking = Object.entries(growth).filter(([, g]) => g.h1 > g.h0 * 1.1 + 20);
  check('open handles do not keep growing', leaking.length === 0, leaking.length ? leaking.map(([l, g]) => `${l} ${Math.round(g.h0)} → ${Math.round(g.h1)}`).join(', ') : 'steady');
  const over = Object.entries(maxConns).filter(([a, n]) => bounds[a] && n > bounds[a]);
  const unknown = Object.entries(maxConns).filter(([a]) => !bounds[a] && a !== 'soak-sampler');
  check('PostgreSQL connections within the pools\' bounds', over.length === 0 && unknown.every(([, n]) => n <= 2),
    over.length ? over.map(([a, n]) => `${a} ${n} > ${bounds[a]}`).join(', ') : `most ${Object.values(maxConns).reduce((a, b) => a + b, 0)} in all, every application ≤ its bound`);

  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'soak.json'), JSON.stringify({ ...results, samples }, null, 2));
  const ok = results.checks.every((c) => c.ok);
  console.log(`\n${ok ? 'PASS' : 'FAIL'}: soak ${SESSIONS} sessions × ${MINUTES} min`);
  return ok;
}

const done = async (code) => {
  await cleanup();
  if (probeDir) fs.rmSync(probeDir, { recursive: true, force: true });
  process.exit(code);
};
main().then((ok) => done(ok ? 0 : 1), (err) => { console.error(err); return done(1); });
