// What the gateway benches share: free ports, child processes that are stopped at exit, a service stand-in, Redis,
// the built gateway with fresh keys, and a session written into Redis the way identity writes it.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const cleanups = [];
export async function cleanup() { for (const c of cleanups.splice(0).reverse()) { try { await c(); } catch { /* ignore */ } } }
export const onCleanup = (fn) => cleanups.push(fn);
process.on('SIGINT', () => { cleanup().finally(() => process.exit(130)); });

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
    srv.on('error', reject);
  });
}

export async function waitFor(url, timeoutMs = 15000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try { const r = await fetch(url, { signal: AbortSignal.timeout(1000) }); await r.arrayBuffer(); if (r.status < 500) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** CPU time (ms) a process has used so far (Linux /proc), or NaN elsewhere. */
export function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100); // utime + stime in clock ticks (100 Hz)
  } catch { return NaN; }
}

/** A child process stopped (TERM, then KILL) at cleanup; its stderr is printed if it dies early. */
export function startChild(cmd, cmdArgs, env, name) {
  // BENCH_CPU_PROF=<dir>: every node child writes a V8 CPU profile there when the bench stops it (SIGTERM → exit)
  const prof = process.env.BENCH_CPU_PROF && cmd === process.execPath ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(cmd, [...prof, ...cmdArgs], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err += d; if (err.length > 20000) err = err.slice(-10000); });
  child.on('exit', (code) => { if (code && code !== 0 && !child.stopping) console.error(`${name} exited ${code}\n${err}`); });
  onCleanup(() => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.stopping = true;
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), prof.length ? 20_000 : 3000).unref();
  }));
  return child;
}

/** An embedded PostgreSQL and Redis in a temp dir (gone at cleanup), for a bench that starts one service alone. */
export async function startPostgresAndRedis(name) {
  const { startPostgres, startRedis } = await import('@brokerage/embedded-infra');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const [pg, redis] = await Promise.all([
    startPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() }),
    startRedis({ port: await freePort(), dir: path.join(dir, 'redis') }),
  ]);
  onCleanup(() => redis.stop());
  onCleanup(() => pg.stop());
  return { pg, redis };
}

/** A service stand-in: answers every request with a small listings JSON (what GET /auth/available-listings returns). */
export const UPSTREAM_SRC = `
const http = require('node:http');
const body = JSON.stringify({ listings: [{ id: '00000000-0000-4000-8000-000000000101', title: 'Bakery in Oakland', price: 350000 }] });
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * Redis (REDIS_URL or an embedded one), the upstream stand-in and the built gateway routing every service to it.
 * Returns their URLs and pids, and a session token whose entry is in Redis.
 */
export async function startGatewayHarness({ logLevel = 'info', nodeArgs = [] } = {}) {
  const gatewayMain = path.join(ROOT, 'gateway/dist/main.js');
  if (!fs.existsSync(gatewayMain)) throw new Error('gateway/dist/main.js is missing: run `npm run build -w gateway` first.');
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const { startRedis } = await import('@brokerage/embedded-infra');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gw-redis-'));
    const redis = await startRedis({ port: await freePort(), dir });
    onCleanup(() => redis.stop());
    onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
    redisUrl = redis.url;
  }
  const upPort = await freePort();
  const upChild = startChild(process.execPath, ['-e', UPSTREAM_SRC], { ...process.env, PORT: String(upPort) }, 'upstream');
  const upstream = `http://127.0.0.1:${upPort}`;
  await waitFor(`${upstream}/auth/available-listings`);

  const gwPort = await freePort();
  const { generateJwtKeys, jwtKeysFor } = await import('@brokerage/embedded-infra');
  const keys = generateJwtKeys();
  const env = { ...process.env, PORT: String(gwPort), HOST: '127.0.0.1', REDIS_URL: redisUrl, ...jwtKeysFor(keys, 'gateway'),
    STATIC_DIR: ROOT, LOG_LEVEL: logLevel, NODE_ENV: 'production' };
  for (const s of ['IDENTITY', 'LISTINGS', 'DOCUMENTS', 'MESSAGING', 'CHECKLISTS']) env[`UPSTREAM_${s}`] = upstream;
  env.IDENTITY_INTERNAL_URL = upstream; // the stand-in upstream answers sessions/resolve on its one port
  env.METRICS_PORT = '0';
  const gwChild = startChild(process.execPath, [...nodeArgs, gatewayMain], env, 'gateway');
  const gateway = `http://127.0.0.1:${gwPort}`;
  await waitFor(`${gateway}/api/health`);

  // a session in Redis, written the way identity writes it
  const token = randomBytes(32).toString('base64url');
  const { Redis } = await import('ioredis');
  const r = new Redis(redisUrl);
  const { SignJWT, importJWK } = await import('jose');
  const cacheJwk = JSON.parse(keys.SESSION_CACHE_PRIVATE_KEY);
  const th = createHash('sha256').update(token).digest('hex'); // the entry names the key it is stored under
  const entry = await new SignJWT({ role: 'BUYER', name: 'Blake Buyer', email: 'buyer@example.com', sid: 'bench', th })
    .setProtectedHeader({ alg: 'ES256', kid: cacheJwk.kid }).setSubject('00000000-0000-4000-8000-000000000004')
    .setIssuer('brokerage-identity').setAudience('brokerage-gateway').setExpirationTime('1h').sign(await importJWK(cacheJwk, 'ES256'));
  await r.set(`session:${th}`, entry, 'EX', 3600);
  r.disconnect();
  return { upstream, upPort, upPid: upChild.pid, gateway, gwPid: gwChild.pid, token, redisUrl };
}
