#!/usr/bin/env node
// Start time of `npm start`:
//   cold = after install: every dist/ (with its build stamp) removed and an empty DATA_DIR → builds, initdb, migrations, seed
//   warm = the same DATA_DIR again, everything built
// Ready = gateway GET /api/health/identity → 200 and GET /login → 200. Targets: cold ≤ 90 s, warm ≤ 20 s.
// It runs the real launcher (node infra/launcher/start.mjs) on its own ports, so a running `npm start` is not disturbed,
// but it DOES delete the dist/ folders of this checkout (use --warm-only to keep them).
//   node bench/start-time.mjs [--warm-only] [--port 18080]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, listWorkspaces, outDir } from '../infra/launcher/workspaces.mjs';

const args = process.argv.slice(2);
const warmOnly = args.includes('--warm-only');
const port = Number(args.includes('--port') ? args[args.indexOf('--port') + 1] : process.env.BENCH_PORT || 18080);
const TARGET = { cold: 90, warm: 20 };
const READY_TIMEOUT_MS = 300_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const env = {
  ...process.env,
  PORT: String(port), SERVICE_PORT_BASE: process.env.BENCH_SERVICE_PORT_BASE || '23000',
  PG_PORT: process.env.BENCH_PG_PORT || '25433', REDIS_PORT: process.env.BENCH_REDIS_PORT || '26380', S3_PORT: process.env.BENCH_S3_PORT || '29000',
  NO_COLOR: '1',
};
for (const k of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'START_PARTIAL']) delete env[k];

async function status(url) {
  try { const r = await fetch(url, { signal: AbortSignal.timeout(2000) }); await r.arrayBuffer(); return r.status; } catch { return 0; }
}

async function timeStart(label, dataDir) {
  const logFile = path.join(dataDir, `..`, `${path.basename(dataDir)}-${label}.log`);
  const out = fs.openSync(logFile, 'w');
  const t0 = performance.now();
  const child = spawn(process.execPath, ['infra/launcher/start.mjs'], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir }, stdio: ['ignore', out, out] });
  let exited = null;
  child.on('exit', (code) => { exited = code ?? 1; });
  const base = `http://127.0.0.1:${port}`;
  let ms = null;
  while (performance.now() - t0 < READY_TIMEOUT_MS && exited === null) {
    if ((await status(`${base}/api/health/identity`)) === 200 && (await status(`${base}/login`)) === 200) { ms = performance.now() - t0; break; }
    await sleep(200);
  }
  // Stop it the way a user does (Ctrl-C) and time that too.
  const s0 = performance.now();
  if (exited === null) {
    child.kill('SIGINT');
    const deadline = Date.now() + 30_000;
    while (exited === null && Date.now() < deadline) await sleep(100);
    if (exited === null) child.kill('SIGKILL');
  }
  const stopMs = performance.now() - s0;
  fs.closeSync(out);
  if (ms === null) {
    const tail = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-30).join('\n');
    throw new Error(`${label} start: not ready (exit ${exited}); last lines of ${logFile}:\n${tail}`);
  }
  return { ms, stopMs, logFile };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-bench-'));
fs.chmodSync(dataDir, 0o755);
const results = {};
let failed;
try {
  if (!warmOnly) {
    const removed = [];
    for (const w of listWorkspaces()) if (w.kind && fs.existsSync(outDir(w))) { fs.rmSync(outDir(w), { recursive: true, force: true }); removed.push(w.dir); }
    console.log(`cold: removed dist/ of ${removed.length} workspaces, empty DATA_DIR ${dataDir}`);
    results.cold = await timeStart('cold', dataDir);
    console.log(`cold start: ${(results.cold.ms / 1000).toFixed(1)} s (target ≤ ${TARGET.cold} s) ${results.cold.ms / 1000 <= TARGET.cold ? '✓' : '✗'}   [stop ${(results.cold.stopMs / 1000).toFixed(1)} s]`);
  }
  if (warmOnly) await timeStart('prime', dataDir); // warm = an existing DATA_DIR (database initialised, migrated, seeded)
  results.warm = await timeStart('warm', dataDir);
  console.log(`warm start: ${(results.warm.ms / 1000).toFixed(1)} s (target ≤ ${TARGET.warm} s) ${results.warm.ms / 1000 <= TARGET.warm ? '✓' : '✗'}   [stop ${(results.warm.stopMs / 1000).toFixed(1)} s]`);
  failed = (results.cold && results.cold.ms / 1000 > TARGET.cold) || results.warm.ms / 1000 > TARGET.warm;
} catch (err) {
  console.error(err.message);
  failed = true;
} finally {
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'start-time.json'), JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
