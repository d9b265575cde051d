#!/usr/bin/env node
// `npm run chaos`: faults under load (issue 20 §1–§2). Starts the whole stack on free ports with two replicas of every
// service and two pdf workers (REPLICAS_*), drives USERS simulated portal users for MINUTES (sign in, browse, upload
// 1-5 MB PDFs, send messages with attachments, tick the pre-close checklist, submit the questionnaire that makes a PDF,
// keep /api/events open) behaving like the real client (packages/api-client: 15 s timeout; writes carry an
// Idempotency-Key and get 3 attempts after no answer or 502/503/504, 1 s then 2 s apart; reads are retried 3 times
// with 1 s, 2 s, 4 s back-off like TanStack Query), and injects one after the other:
//   kill      SIGKILL of one replica of each service and of a pdf worker in the middle of a render
//   redis     a restart of Redis
//   s3        S3 unreachable for 10 s
//   postgres  a restart of PostgreSQL
// Then proves and prints per fault: every acknowledged write is there (uploads download with the same SHA-256, each
// message stored once, the checklist holds the last acknowledged tick, every PDF job left exactly one document), the
// failed requests as a share of those sent, the 503 latency while a dependency is down, the recovery time, and the
// /api/events streams reconnected.
//   node scripts/chaos.mjs [--minutes 5] [--users 50] [--rolling] [--short] [--seed-wait 150]
//   --rolling  instead of faults: two gateways (REPLICAS_GATEWAY=2); restarts every service replica, pdf worker and
//              gateway one at a time (SIGTERM, graceful) under the load; target 0 failed requests
// With two gateways the harness's client is also the load balancer in front of them (as a real one would be): each
// user has a home gateway (users spread over both); a gateway whose GET /health/ready is not 200 (checked every
// 500 ms; a draining gateway answers 503) or that refused a connection is skipped until it answers 200 again, a
// refused request is sent to the other gateway at once (nothing reached the refusing one), and an /api/events stream
// told `event: reconnect` reconnects to the other gateway with its Last-Event-ID.
//   --short    the CI round (scripts/test-all.mjs): ~42 s of load, 10 users, two replicas of messaging/documents/pdf only,
//              one replica kill and one Redis restart; fails only when an acknowledged write is missing
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SHORT = flag('short');
const ROLLING = flag('rolling');
const MINUTES = arg('minutes', SHORT ? 0.7 : 5);
const USERS = arg('users', SHORT ? 10 : 50);
const THINK_S = arg('think', SHORT ? 1.5 : 3); // mean pause between two actions of one user
const PDF_WAIT_S = arg('seed-wait', SHORT ? 60 : 150); // how long the end waits for queued PDFs
const SERVICES = ['identity', 'listings', 'documents', 'messaging', 'checklists'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000', RATE_LIMIT_RESET_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '100000',
  RATE_LIMIT_ACCOUNT_FAILURES: '100000', RATE_LIMIT_FORMS_PER_MINUTE: '100000', RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
  RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '100000',
};
const log = (m) => console.log(`[${((Date.now() - T0) / 1000).toFixed(1).padStart(6)} s] ${m}`);
let T0 = Date.now();

// ── accounting, per phase (the fault in progress when a request started) ────────────────────────────────────────────
let phase = 'warm-up';
const phases = new Map(); // name -> { sent, failed, failures: Map, s503: [], downFrom, downTo, recoveryMs, note }
const phaseOf = (name) => {
  if (!phases.has(name)) phases.set(name, { sent: 0, failed: 0, failures: new Map(), s503: [], attempts503: 0, recoveryMs: null, streams: null, note: '' });
  return phases.get(name);
};
const down = { active: false, since: 0 }; // a dependency is down now (its 503 answers are timed)

/**
 * A (logical) request's outcome: counted against the phase it started in. 4xx are answers, not failures, except a 401
 * to a signed-in user (no one signs out here: it would mean a session lost, e.g. on the other gateway).
 */
function account(ph, label, status, message, signedIn = false) {
  const p = phaseOf(ph);
  p.sent++;
  if (status === 0 || status >= 500 || (status === 401 && signedIn)) {
    p.failed++;
    const k = `${label} → ${status || 'no answer'} ${String(message || '').slice(0, 90)}`;
    p.failures.set(k, (p.failures.get(k) || 0) + 1);
  }
}

// ── the load balancer in front of the gateways (this harness's, see the header) ────────────────────────────────────
const lb = {
  gateways: [], // { url, up, sent, refused }
  failovers: { refused: 0, streams: 0 },
  away: 0, // requests sent to a gateway other than the user's home one (where its session was made)
  timer: null,
  /** urls: the gateways' public addresses; probes: their internal listeners (METRICS_PORT: GET /health/ready). */
  start(urls, probes) {
    this.gateways = urls.map((url, i) => ({ url: url.replace('localhost', '127.0.0.1'), probe: probes[i], up: true, sent: 0, refused: 0 }));
    if (urls.length < 2) return;
    let running = false;
    this.timer = setInterval(async () => {
      if (running) return;
      running = true;
      await Promise.all(this.gateways.map(async (g) => {
        try {
          const r = await fetch(`${g.probe}/health/ready`, { signal: AbortSignal.timeout(1000) });
          await r.arrayBuffer().catch(() => {});
          g.up = r.status === 200;
        } catch { g.up = false; }
      }));
      running = false;
    }, 500);
  },
  stop() { clearInterval(this.timer); },
  /** The gateway for a request of a user whose home is `home`: the home one while it is up, else the next one up. */
  pick(home = 0, avoid = null) {
    const n = this.gateways.length;
    for (let i = 0; i < n; i++) { const g = this.gateways[(home + i) % n]; if (g.up && g !== avoid) return g; }
    return this.gateways.find((g) => g !== avoid) ?? this.gateways[home % n];
  },
  /** A gateway refused a connection (or told a stream to reconnect): out until its health check answers 200. */
  down(g) { if (this.gateways.length > 1) g.up = false; },
};

// ── the client, as packages/api-client behaves ──────────────────────────────────────────────────────────────────────
async function once(method, p, { token, json, body, key, read = 'json', timeoutMs = 15000, home = 0 }) {
  const headers = { 'sec-fetch-site': 'same-origin', accept: 'application/json' };
  if (token) headers['x-session-token'] = token;
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const t = performance.now();
  try {
    const res = await viaLoadBalancer(home, (base) => fetch(`${base}${p}`, { method, headers, body: json !== undefined ? JSON.stringify(json) : body?.(), signal: AbortSignal.timeout(timeoutMs) }));
    let out;
    if (read === 'bytes' && res.ok) out = Buffer.from(await res.arrayBuffer());
    else { const text = await res.text(); try { out = JSON.parse(text); } catch { out = text; } }
    const ms = performance.now() - t;
    if (res.status === 503 && down.active) { phaseOf(phase).s503.push(ms); phaseOf(phase).attempts503++; }
    return { status: res.status, body: out, ms, message: res.ok ? '' : (out?.message ?? String(out).slice(0, 80)) };
  } catch (err) {
    return { status: 0, body: null, ms: performance.now() - t, message: err.cause?.code || err.name || err.message };
  }
}

/** Sends through the load balancer: a refused connection (nothing was sent) goes to the other gateway at once. */
async function viaLoadBalancer(home, send) {
  let g = lb.pick(home);
  for (let i = 0; ; i++) {
    g.sent++;
    if (lb.gateways.length > 1 && g !== lb.gateways[home % lb.gateways.length]) lb.away++;
    try {
      return await send(g.url);
    } catch (err) {
      if (lb.gateways.length < 2 || i > 0 || err.cause?.code !== 'ECONNREFUSED') throw err;
      g.refused++;
      lb.failovers.refused++;
      lb.down(g);
      g = lb.pick(home, g);
    }
  }
}

/**
 * One call as the portal makes it. Writes: Idempotency-Key, 3 attempts after no answer or 502/503/504 (1 s, 2 s);
 * reads: 1 + 3 retries after no answer or 5xx (1 s, 2 s, 4 s). Returns the last attempt's answer.
 */
async function call(label, method, p, o = {}) {
  const ph = phase;
  const write = method !== 'GET';
  const key = write ? crypto.randomUUID() : undefined;
  const attempts = write ? 3 : 4;
  let r;
  for (let i = 1; i <= attempts; i++) {
    r = await once(method, p, { ...o, key });
    const again = write ? [0, 502, 503, 504].includes(r.status) : r.status === 0 || (r.status >= 500 && r.status !== 501);
    if (!again || i === attempts) break;
    await sleep(write ? 1000 * i : 1000 * 2 ** (i - 1));
  }
  account(ph, `${method} ${label}`, r.status, r.message, !!o.token);
  return r;
}

// ── what must survive ────────────────────────────────────────────────────────────────────────────────────────────────
const acked = { uploads: [], messages: [], ticks: new Map(), uncertainTicks: new Map(), submits: 0 };
const FILES = [1, 2, 3, 5].map((mb) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), crypto.randomBytes(mb * 1024 * 1024 - 16)]));
const form = (fields, fileField, files) => () => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(fileField, new Blob([f.buf], { type: 'application/pdf' }), f.name);
  return fd;
};

// ── /api/events streams ──────────────────────────────────────────────────────────────────────────────────────────────
const streams = new Set(); // { open: bool, opened: n, ended: n }
const tickedListings = new Set();
let stopAt = Infinity;
async function keepEventsOpen(token, abort, home) {
  const s = { open: false, opened: 0, ended: 0 };
  streams.add(s);
  let lastId = null;
  while (!abort.signal.aborted && Date.now() < stopAt) {
    let reconnectFrom = null;
    try {
      const headers = { 'x-session-token': token, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) };
      const res = await viaLoadBalancer(home, (base) => fetch(`${base}/api/events`, { headers, signal: abort.signal }).then((r) => Object.assign(r, { base })));
      if (res.status === 200) {
        s.open = true;
        s.opened++;
        let buf = '';
        for await (const chunk of res.body) {
          buf += Buffer.from(chunk).toString('utf8');
          let end;
          while ((end = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id) lastId = id;
            if (/^event: reconnect$/m.test(block)) reconnectFrom = res.base;
          }
        }
      } else await res.arrayBuffer().catch(() => {});
    } catch { /* broken or aborted: reconnect */ }
    if (s.open) s.ended++;
    s.open = false;
    if (reconnectFrom) {
      // the gateway is shutting down: the load balancer sends the reconnect to the other one
      const g = lb.gateways.find((x) => x.url === reconnectFrom);
      if (g && lb.gateways.length > 1) { lb.down(g); lb.failovers.streams++; }
    }
    if (!abort.signal.aborted) await sleep(reconnectFrom ? 1000 : 1000 + Math.random() * 1000); // the EventSource retry (server says 1-3 s)
  }
}
const streamState = () => { const all = [...streams]; return { open: all.filter((s) => s.open).length, total: all.length, ended: all.reduce((n, s) => n + s.ended, 0) }; };

// ── one user ─────────────────────────────────────────────────────────────────────────────────────────────────────────
async function user(person, quest, ticker, home) {
  let login;
  for (let i = 0; i < 5; i++) {
    login = await call('/api/auth/login', 'POST', '/api/auth/login', { json: { email: person.email, password: 'demo-pass-2026' }, home });
    if (login.status === 200) break;
    await sleep(2000);
  }
  if (login.status !== 200) return;
  const o = { token: login.body.sessionToken, home };
  const abort = new AbortController();
  const events = keepEventsOpen(o.token, abort, home);
  const area = person.role.toLowerCase();
  const staff = person.role === 'AGENT' || person.role === 'BROKER';
  const contacts = await call('/api/users', 'GET', '/api/users', o);
  const receivers = (contacts.body?.users || contacts.body || []).map?.((u) => u.id).filter(Boolean) ?? [];
  let listingId = null;
  if (!staff) {
    const cur = await call(`/api/${area}/current-listing`, 'GET', `/api/${area}/current-listing`, o);
    listingId = cur.body?.listing?.id || cur.body?.id || null;
  } else {
    const l = await call(`/api/${area}/listings`, 'GET', `/api/${area}/listings?page=1&pageSize=20`, o);
    const ids = (l.body?.listings || l.body?.items || []).map((x) => x.id).filter(Boolean);
    // the ticking session takes a listing no other session ticks: its ticks are in order, the last acknowledged is the truth
    listingId = ticker ? ids.find((id) => !tickedListings.has(id)) ?? null : pick(ids) ?? null;
    if (ticker && listingId) tickedListings.add(listingId); else ticker = false;
  }
  const uploadPath = staff ? `/api/${area}/listings/${listingId}/documents` : `/api/${area}/listings/${listingId}/documents`;
  const actions = [
    [30, () => Promise.all([call('dashboard', 'GET', `/api/${area}/dashboard`, o), call('/api/messages/unread-count', 'GET', '/api/messages/unread-count', o)])],
    [15, () => call('/api/messages/inbox', 'GET', '/api/messages/inbox', o)],
    [10, async () => {
      if (!receivers.length) return;
      const to = pick(receivers);
      const token = crypto.randomUUID();
      const files = Math.random() < 0.3 ? [{ name: 'scan.pdf', buf: FILES[0] }] : [];
      const r = await call('/api/messages/send', 'POST', '/api/messages/send', { ...o, body: form({ receiverId: to, subject: 'Chaos', content: `chaos ${token}` }, 'attachments', files) });
      if (r.status >= 200 && r.status < 300) acked.messages.push({ id: r.body?.data?.id, token, from: login.body.user?.id, to });
    }],
    [8, async () => {
      if (!listingId || person.role === 'BUYER') return; // buyers' uploads depend on their step
      const buf = pick(FILES);
      const r = await call('uploads', 'POST', uploadPath, { ...o, body: form(staff ? { category: 'BROKER_UPLOAD' } : {}, 'files', [{ name: `chaos-${crypto.randomUUID().slice(0, 8)}.pdf`, buf }]) });
      if (r.status >= 200 && r.status < 300 && r.body?.document) acked.uploads.push({ doc: r.body.document, sha: sha(buf), token: o.token });
    }],
    [8, async () => {
      if (!ticker || !listingId) return;
      const c = await call('checklist', 'GET', `/api/${area}/listings/${listingId}/pre-close-checklist`, o);
      const cat = pick(c.body?.checklist || []);
      const item = cat && pick(cat.items || []);
      if (!item) return;
      const k = `${listingId}|${cat.id}|${item.id}`;
      const r = await call('checklist tick', 'PUT', `/api/${area}/listings/${listingId}/pre-close-checklist`, { ...o, json: { categoryId: cat.id, itemId: item.id, userRole: area } });
      if (r.status === 200) {
        const now = r.body?.checklist?.find((x) => x.id === cat.id)?.items?.find((x) => x.id === item.id);
        if (now) { acked.ticks.set(k, { completed: now.completed ?? now.checked, listingId, area, token: o.token, cat: cat.id, item: item.id }); acked.uncertainTicks.delete(k); }
      } else if (r.status === 0 || r.status >= 500) acked.uncertainTicks.set(k, true);
    }],
    [5, async () => {
      if (person.role !== 'SELLER') return;
      const r = await call('questionnaire submit', 'POST', '/api/seller/questionnaire/submit', { ...o, json: { questionnaire: quest } });
      if (r.status >= 200 && r.status < 300) acked.submits++;
    }],
  ];
  const total = actions.reduce((n, [w]) => n + w, 0);
  while (Date.now() < stopAt) {
    let r = Math.random() * total;
    const a = actions.find(([w]) => (r -= w) < 0) || actions[0];
    await a[1]().catch((err) => account(phase, 'action', 0, err.message));
    await sleep(THINK_S * 1000 * (0.4 + Math.random() * 1.2));
  }
  abort.abort();
  await events;
}

// ── faults ────────────────────────────────────────────────────────────────────────────────────────────────────────────
async function readyAll(stack) {
  const checks = await Promise.all(Object.entries(stack.ports).map(async ([label, port]) => {
    // a gateway's readiness is on its internal listener (METRICS_PORT), a service's on either port
    const at = label.startsWith('gateway') ? stack.internalPorts[label] : port;
    try { const r = await fetch(`http://127.0.0.1:${at}/health/ready`, { signal: AbortSignal.timeout(1500) }); return r.status === 200; } catch { return false; }
  }));
  return checks.every(Boolean);
}
async function waitReady(stack, limitMs = 60_000) {
  const t = Date.now();
  while (Date.now() - t < limitMs) { if (await readyAll(stack)) return Date.now() - t; await sleep(200); }
  return null;
}

async function probeWhileDown(route, token, untilFn) {
  // the affected routes, asked while the dependency is down (single attempts, timed)
  while (!untilFn()) {
    const r = await once('GET', route, { token, timeoutMs: 5000 });
    if (r.status === 503) { phaseOf(phase).s503.push(r.ms); phaseOf(phase).attempts503++; } else if (r.status === 0) phaseOf(phase).s503.push(r.ms);
    await sleep(300);
  }
}

async function fault(stack, name, fn, settleS) {
  phase = name;
  const p = phaseOf(name);
  log(`fault: ${name}`);
  await fn(p);
  await sleep(settleS * 1000);
  p.streams = streamState();
}

async function dependencyOutage(stack, which, downMs, probeToken, probeRoute) {
  const p = phaseOf(phase);
  const ctl = stack.infra[which];
  down.active = true;
  await ctl.stop();
  let back = false;
  const probe = probeWhileDown(probeRoute, probeToken, () => back);
  await sleep(downMs);
  await ctl.start();
  const returned = Date.now();
  back = true;
  down.active = false;
  await probe;
  const readyMs = await waitReady(stack);
  // serving again: the probe route answers 200
  let servedMs = null;
  for (let t = Date.now(); Date.now() - t < 60_000;) {
    const r = await once('GET', probeRoute, { token: probeToken, timeoutMs: 5000 });
    if (r.status === 200) { servedMs = Date.now() - returned; break; }
    await sleep(200);
  }
  p.recoveryMs = readyMs === null || servedMs === null ? null : Math.max(readyMs, servedMs);
  p.note = `${which} down ${(downMs / 1000).toFixed(0)} s`;
}

async function killReplicas(stack, labels) {
  const p = phaseOf(phase);
  const t = Date.now();
  for (const l of labels) { const pid = stack.pids[l]; if (pid) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } } }
  await sleep(1500);
  const readyMs = await waitReady(stack, 90_000);
  p.recoveryMs = readyMs === null ? null : Date.now() - t;
  p.note = `SIGKILL ${labels.join(', ')}; restarted by the launcher`;
}

// ── verification ────────────────────────────────────────────────────────────────────────────────────────────────────
async function verify(stack, runStart) {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  db.on('error', () => {});
  await db.connect();
  const out = {};
  // uploads: each downloads with the same SHA-256
  let bad = 0;
  for (const u of acked.uploads) {
    const url = u.doc.url?.startsWith('/api') ? u.doc.url : `/api${u.doc.url}`;
    const r = await once('GET', url, { token: u.token, read: 'bytes', timeoutMs: 30000 });
    if (r.status !== 200 || sha(r.body) !== u.sha) { bad++; if (bad <= 3) console.log(`  upload ${u.doc.id}: ${r.status} ${r.status === 200 ? 'SHA differs' : r.message}`); }
  }
  out.uploads = { acked: acked.uploads.length, bad };
  // messages: each stored exactly once (one row, in the sender's sent and the receiver's inbox)
  let missing = 0; let dup = 0;
  for (const m of acked.messages) {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM messaging.messages WHERE content = $1', [`chaos ${m.token}`]);
    if (rows[0].n === 0) missing++; else if (rows[0].n > 1) dup++;
  }
  out.messages = { acked: acked.messages.length, missing, duplicated: dup };
  // checklist: the last acknowledged tick of every item
  let wrong = 0; let checked = 0;
  const byListing = new Map();
  for (const [k, t] of acked.ticks) {
    if (acked.uncertainTicks.has(k)) continue; // a later tick got no answer: either state is right
    checked++;
    if (!byListing.has(t.listingId)) byListing.set(t.listingId, await once('GET', `/api/${t.area}/listings/${t.listingId}/pre-close-checklist`, { token: t.token }));
    const now = byListing.get(t.listingId).body?.checklist?.find((x) => x.id === t.cat)?.items?.find((x) => x.id === t.item);
    if (!now || (now.completed ?? now.checked) !== t.completed) wrong++;
  }
  out.checklist = { items: acked.ticks.size, checked, wrong };
  // PDFs: every form submission of the run left exactly one READY document
  const deadline = Date.now() + PDF_WAIT_S * 1000;
  let pdf;
  for (;;) {
    const { rows } = await db.query(`
      SELECT r.id, g.status, (SELECT count(*)::int FROM documents.documents d WHERE d.storage_key = g.storage_key) AS docs
      FROM listings.outbox r LEFT JOIN documents.generated_pdfs g ON g.job_key = 'form-pdf:' || r.id
      WHERE r.kind = 'form-pdf' AND r.created_at >= $1`, [new Date(runStart)]);
    pdf = { jobs: rows.length, ready: rows.filter((r) => r.status === 'READY').length, oneDocument: rows.filter((r) => r.docs === 1).length,
      moreThanOne: rows.filter((r) => r.docs > 1).length };
    if (pdf.oneDocument === pdf.jobs || Date.now() > deadline) break;
    await sleep(3000);
  }
  out.pdfs = { ...pdf, ackedSubmits: acked.submits };
  await db.end();
  out.ok = bad === 0 && missing === 0 && dup === 0 && wrong === 0 && pdf.oneDocument === pdf.jobs && pdf.jobs >= acked.submits;
  return out;
}

// ── main ──────────────────────────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const replicas = SHORT
    ? { REPLICAS_MESSAGING: '2', REPLICAS_DOCUMENTS: '2', REPLICAS_PDF: '2' }
    : { ...Object.fromEntries(SERVICES.map((s) => [`REPLICAS_${s.toUpperCase()}`, '2'])), REPLICAS_PDF: '2', ...(ROLLING ? { REPLICAS_GATEWAY: '2' } : {}) };
  console.log(`chaos: ${USERS} users for ${MINUTES} min, ${ROLLING ? 'rolling restarts' : SHORT ? 'short round (replica kill, Redis restart)' : 'faults: kill, redis, s3, postgres'}; ` +
    `node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const { buildAll } = await import('../infra/launcher/build.mjs');
  const b = await buildAll({ only: [...SERVICES.map((s) => `services/${s}`), 'gateway'], quiet: true, log: () => {} });
  if (b.failed.length || b.blocked.length) throw new Error(`build failed: ${b.failed.map((f) => f.dir).join(', ')}`);
  const { startStack } = await import('../infra/launcher/stack.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-stack-'));
  fs.chmodSync(dataDir, 0o755);
  const events = [];
  T0 = Date.now();
  const stack = await startStack({ dataDir, freePorts: true, quiet: true, build: false, log: (m) => { if (/exited unexpectedly|restarted|restart failed/.test(m)) log(m.replace(/\s+\|/, ' |')); },
    onProcessEvent: (e) => events.push({ ...e, at: Date.now() }),
    // argon2 at OWASP's minimum (identity's floor): 50 sign-ins on 2 cores measure the faults, not the password hash
    env: { SEED_DEMO: '1', LOG_LEVEL: 'warn', ...RATE_LIMITS, ...replicas, SUPERVISE_RESET_MS: '20000',
      ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' } });
  let result;
  try {
    log(`stack up in ${(stack.startMs / 1000).toFixed(1)} s: ${Object.keys(stack.pids).join(', ')}`);
    lb.start(stack.urls, stack.urls.map((_, i) => `http://127.0.0.1:${stack.internalPorts[i ? `gateway#${i + 1}` : 'gateway']}`));
    if (stack.urls.length > 1) {
      log(`${stack.urls.length} gateways (${lb.gateways.map((g) => g.url).join(', ')}) behind this harness's client-side load balancer: ` +
        'users spread over them, health-checked every 500 ms, a refused connection or an `event: reconnect` fails over to the other');
    }
    const contracts = await import('@brokerage/contracts');
    const quest = { ...Object.fromEntries(contracts.QUESTION_NAMES.map((n, i) => [n, `Answer ${i + 1}: steady margins.`])), staffing: [], weeklyStaffing: [] };
    const mix = [['BUYER', 0.4], ['SELLER', 0.35], ['AGENT', 0.15], ['BROKER', 0.1]];
    const people = [];
    for (const [role, share] of mix) { const pool = contracts.DEMO_PEOPLE.filter((p) => p.role === role); for (let i = 0; i < Math.round(USERS * share); i++) people.push(pool[i % pool.length]); }
    while (people.length < USERS) people.push(contracts.DEMO_PEOPLE.find((p) => p.role === 'BUYER'));
    people.length = USERS;
    const tickers = new Set(); // one ticking session per staff account (clients may tick only from step 8)
    const runStart = Date.now() - 1000;
    stopAt = Date.now() + MINUTES * 60_000;
    const users = Promise.all(people.map(async (p, i) => {
      await sleep((i / people.length) * Math.min(25_000, MINUTES * 60_000 / 6));
      const ticker = (p.role === 'AGENT' || p.role === 'BROKER') && !tickers.has(p.email) && !!tickers.add(p.email);
      await user(p, quest, ticker, i % lb.gateways.length).catch((err) => account(phase, 'user', 0, err.message));
    }));
    // a probe session for the routes a dependency outage touches
    const probe = await once('POST', '/api/auth/login', { json: { email: 'seller@example.com', password: 'demo-pass-2026' } });
    const pt = probe.body?.sessionToken;
    const loadMs = MINUTES * 60_000;
    const plan = ROLLING ? null : SHORT ? ['kill', 'redis'] : ['kill', 'redis', 's3', 'postgres'];
    const warm = SHORT ? 15_000 : 30_000;
    await sleep(warm);
    if (ROLLING) {
      phase = 'rolling restart';
      // every service replica and worker, then each gateway (the other one serves meanwhile)
      const all = Object.keys(stack.pids);
      const labels = [...all.filter((l) => !l.startsWith('gateway')), ...all.filter((l) => l.startsWith('gateway'))];
      const each = Math.max(3000, (loadMs - warm - 20_000) / labels.length - 5000);
      const t = Date.now();
      stopAt = Infinity; // the load lasts until every process has been restarted (a slow machine restarts slowly)
      for (const l of labels) {
        const r0 = Date.now();
        await stack.restartProcess(l);
        log(`rolling: ${l} restarted in ${((Date.now() - r0) / 1000).toFixed(1)} s`);
        await sleep(each);
      }
      stopAt = Date.now() + 5000;
      phaseOf(phase).recoveryMs = Date.now() - t;
      phaseOf(phase).note = `${labels.length} processes restarted one at a time (SIGTERM, graceful)`;
      phaseOf(phase).streams = streamState();
    } else {
      const slot = (loadMs - warm - 10_000) / plan.length;
      for (const f of plan) {
        const t = Date.now();
        if (f === 'kill') {
          await fault(stack, 'kill replicas', async () => {
            // a burst of questionnaire submits first, so that a pdf worker is in the middle of a render
            await Promise.all(Array.from({ length: 6 }, () => call('questionnaire submit', 'POST', '/api/seller/questionnaire/submit', { token: pt, json: { questionnaire: quest } })
              .then((r) => { if (r.status >= 200 && r.status < 300) acked.submits++; })));
            const labels = [...(SHORT ? ['messaging', 'documents'] : SERVICES).map((s) => `${s}#2`), 'pdf'];
            await killReplicas(stack, labels);
          }, 5);
        } else if (f === 'redis') {
          await fault(stack, 'restart Redis', () => dependencyOutage(stack, 'redis', 2000, pt, '/api/messages/unread-count'), 5);
        } else if (f === 's3') {
          await fault(stack, 'S3 unreachable 10 s', async () => {
            const docs = await once('GET', '/api/seller/documents', { token: pt });
            const d = (docs.body?.documents || []).find((x) => x.url);
            await dependencyOutage(stack, 's3', 10_000, pt, d?.url ? (d.url.startsWith('/api') ? d.url : `/api${d.url}`) : '/api/seller/documents');
          }, 5);
        } else if (f === 'postgres') {
          await fault(stack, 'restart PostgreSQL', () => dependencyOutage(stack, 'postgres', 2000, pt, '/api/seller/dashboard'), 5);
        }
        const rest = slot - (Date.now() - t);
        phase = `after ${phase}`;
        if (rest > 0) await sleep(rest);
      }
    }
    phase = 'end';
    log('load ends; waiting for the users');
    await users;
    log('verifying every acknowledged write');
    const v = await verify(stack, runStart);
    result = { ok: v.ok, verify: v };
    // ── report ──
    console.log(`\nper fault (requests = logical client requests after the client's retries; failed = 5xx, no answer, or 401 with a session):`);
    console.log(`  ${'phase'.padEnd(26)} ${'sent'.padStart(6)} ${'failed'.padStart(6)} ${'share'.padStart(7)}  503 while down (n, p95 / max ms)   recovery   streams open/total (ended)`);
    const rows = [];
    for (const [name, p] of phases) {
      const s = [...p.s503].sort((a, c) => a - c);
      const p95 = s.length ? s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] : NaN;
      const row = { phase: name, sent: p.sent, failed: p.failed, share: p.sent ? p.failed / p.sent : 0, n503: s.length, p95503: p95, max503: s.at(-1) ?? NaN, recoveryMs: p.recoveryMs, streams: p.streams, note: p.note };
      rows.push(row);
      console.log(`  ${name.padEnd(26)} ${String(p.sent).padStart(6)} ${String(p.failed).padStart(6)} ${(row.share * 100).toFixed(2).padStart(6)}%  ` +
        `${s.length ? `${String(s.length).padStart(4)}, ${p95.toFixed(0)} / ${row.max503.toFixed(0)}` : '   –'.padEnd(4)}`.padEnd(36) +
        `${p.recoveryMs != null ? `${(p.recoveryMs / 1000).toFixed(1)} s` : '–'}`.padStart(8) +
        `   ${p.streams ? `${p.streams.open}/${p.streams.total} (${p.streams.ended})` : ''}  ${p.note}`);
      for (const [k, n] of [...p.failures.entries()].sort((a, c) => c[1] - a[1]).slice(0, 5)) console.log(`      ${n} × ${k}`);
    }
    const all = [...phases.values()].reduce((a, p) => ({ sent: a.sent + p.sent, failed: a.failed + p.failed }), { sent: 0, failed: 0 });
    console.log(`  ${'all'.padEnd(26)} ${String(all.sent).padStart(6)} ${String(all.failed).padStart(6)} ${(all.sent ? all.failed / all.sent * 100 : 0).toFixed(2).padStart(6)}%`);
    if (lb.gateways.length > 1) {
      console.log(`\nload balancer (this harness's client): ${lb.gateways.map((g) => `${g.url} ${g.sent} requests and stream opens (${g.refused} refused)`).join('; ')}; ` +
        `${lb.away} requests and stream opens away from the user's home gateway (a session made on the other), ` +
        `${lb.failovers.refused} sent to the other gateway after a refused connection, ${lb.failovers.streams} streams moved after \`event: reconnect\``);
    }
    console.log(`\nprocess restarts by the launcher: ${events.filter((e) => e.type === 'exit').map((e) => `${e.label} (${e.signal || e.code})`).join(', ') || 'none'}`);
    console.log(`\nacknowledged writes (checked after the run):`);
    console.log(`  uploads   ${v.uploads.acked} acknowledged, ${v.uploads.bad} missing or with another SHA-256`);
    console.log(`  messages  ${v.messages.acked} acknowledged, ${v.messages.missing} missing, ${v.messages.duplicated} stored twice`);
    console.log(`  checklist ${v.checklist.items} items ticked, ${v.checklist.checked} checked against their last acknowledged tick, ${v.checklist.wrong} wrong`);
    console.log(`  PDFs      ${v.pdfs.jobs} jobs (${v.pdfs.ackedSubmits} submits acknowledged), ${v.pdfs.ready} READY, ${v.pdfs.oneDocument} with exactly one document, ${v.pdfs.moreThanOne} with more`);
    const st = streamState();
    console.log(`  /api/events: ${st.total} streams, ${st.ended} ends seen, every one reconnected while the load ran`);
    result.phases = rows;
    result.total = all;
    if (lb.gateways.length > 1) result.loadBalancer = { gateways: lb.gateways.map(({ url, sent, refused }) => ({ url, sent, refused })), away: lb.away, failovers: lb.failovers };
    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench', 'results', `chaos${ROLLING ? '-rolling' : SHORT ? '-short' : ''}.json`), JSON.stringify({ at: new Date().toISOString(), users: USERS, minutes: MINUTES, ...result }, null, 2));
    console.log(`\n${v.ok ? 'PASS' : 'FAIL'}: nothing acknowledged was lost${v.ok ? '' : ' — something acknowledged is missing (see above)'}`);
  } finally {
    stopAt = 0;
    lb.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result.ok;
}

main().then((ok) => process.exit(ok ? 0 : 1), (err) => { console.error(err); process.exit(1); });
