#!/usr/bin/env node
// `npm test`: every check of the project, then the browser tests. Two runners side by side (two cores) take the next
// job from one queue, longest first: `npm run typecheck`, `npm run lint`, every Jest workspace (those with real
// PostgreSQL/Redis/S3 start their own through their global setup, and their spec files run as one module graph:
// TEST_BUNDLE below), and the short chaos round (scripts/chaos.mjs --short: it proves that nothing acknowledged is
// lost under faults; a load beside it is no harm). The gateway's Jest suite (timing tests: SSE replay, streamed body
// limits) runs beside lint only (below; alone after the queue when lint is not in it); then, alone, the Playwright
// tests in e2e/ (after building what is out of date). TEST_LANES=1 runs everything one after another;
// TEST_SKIP_CHECKS=1 leaves out typecheck and lint, TEST_SKIP_CHAOS=1 the chaos round.
// Prints a summary and, as the very last line, `N passed, N failed`. Exit code 1 when anything failed or nothing ran.
//
//   node scripts/test-all.mjs [--jest-only | --e2e-only] [--only <workspace dir>,...]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, listWorkspaces } from '../infra/launcher/workspaces.mjs';
import { buildAll } from '../infra/launcher/build.mjs';

const args = process.argv.slice(2);
const jestOnly = args.includes('--jest-only');
const e2eOnly = args.includes('--e2e-only');
const onlyArg = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',').map((s) => s.replace(/\/$/, '')) : null;
// Measured in clean-clone CI runs (2026-11-27): two service workspaces at a time saved under a minute and made the
// gateway's timing tests flaky; two browser-test shards took 15.1 min against ~14 one after the other (each test twice
// as slow): so at most one of each at a time, the gateway beside lint only, and Playwright alone. On a machine with more cores,
// E2E_SHARDS=N runs N Playwright shards side by side, each on its own stack (its own PostgreSQL, Redis, S3, services,
// gateway and copy of the built remotes), so no test sees another shard's data.
const LANES = process.env.TEST_LANES === '1' ? 1 : 2;
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS || 1));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-results-'));
const suites = []; // { name, passed, failed, skipped, ms, failures: [{title, message}], error }
const started = Date.now();
/** When a job starts, in seconds since npm test began, and the 1-min load average (to read a run's timeline). */
const at = () => ` (+${((Date.now() - started) / 1000).toFixed(0)} s, load ${os.loadavg()[0].toFixed(1)})`;

function run(cmd, argv, { cwd = ROOT, env = {}, onSpawn, prefix } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', prefix === undefined ? 'inherit' : 'pipe', prefix === undefined ? 'inherit' : 'pipe'], detached: !!onSpawn });
    if (prefix !== undefined) {
      // Runs side by side: each line carries its run's name so the two reports stay readable.
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (d) => {
          const lines = (rest + d).split('\n');
          rest = lines.pop();
          for (const l of lines) process.stdout.write(`${prefix}${l}\n`);
        });
        stream.on('end', () => { if (rest) process.stdout.write(`${prefix}${rest}\n`); });
      }
    }
    onSpawn?.(child);
    // A detached child is in its own process group: stop it with us.
    const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ } process.exit(130); };
    if (onSpawn) { process.once('SIGINT', stop); process.once('SIGTERM', stop); }
    child.on('close', () => { process.off('SIGINT', stop); process.off('SIGTERM', stop); });
    child.on('error', (err) => { console.error(String(err)); resolve(127); });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

// Jest writes its report, then exits once nothing keeps the event loop alive. A suite that leaves a client, a server
// or a timer open keeps it waiting forever: fixed in the tests, never forced (no --forceExit). After the report, Jest
// gets this long to exit on its own before it is stopped and the workspace counted as failed.
const EXIT_GRACE_MS = 20_000;

// First lines of a failure message, without colors and without stack frames inside the test tooling.
// eslint-disable-next-line no-control-regex -- \x1b starts the ANSI colour codes this strips
const firstLines = (s, n = 12) => String(s || '').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')
  .filter((l) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(l)).slice(0, n).join('\n');

// Jest gives every test file a module registry of its own, so each service spec file evaluates NestJS, TypeORM, the
// AWS SDK and the service again: 2-5 s of CPU per file before its first test (measured 2026-11-27: services/documents,
// 27 files, 540 s one file at a time against 294 s as one module graph, side by side at load 15-20). In a full run the
// spec files of a workspace that needs servers are imported by one generated entry file (<ws>/jest-bundle/, git- and
// lint-ignored), so they share the loaded modules; each keeps its own describe blocks, hooks and test names, and a
// failure's stack names its own file. TEST_BUNDLE=0 runs them file by file, as `npm test -w <ws>` always does.
const BUNDLE = process.env.TEST_BUNDLE !== '0';
const SPEC_FILE = /\.spec\.(ts|mjs)$/;

function specFiles(dir) {
  const found = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SPEC_FILE.test(e.name)) found.push(p);
    }
  };
  for (const sub of ['test', 'src']) if (fs.existsSync(path.join(dir, sub))) walk(path.join(dir, sub));
  return found.sort();
}

/** Writes <ws>/jest-bundle/all.spec.ts importing every spec file of the workspace; returns the Jest arguments to run it. */
function bundleArgs(ws) {
  const bundleDir = path.join(ws.abs, 'jest-bundle');
  fs.rmSync(bundleDir, { recursive: true, force: true });
  // A spec that needs a process of its own (process-wide state such as the metrics registry) says so on a line
  // `// test-all: own module registry` and runs as its own file beside the bundle.
  const all = specFiles(ws.abs);
  const alone = all.filter((f) => fs.readFileSync(f, 'utf8').includes('// test-all: own module registry'));
  const files = all.filter((f) => !alone.includes(f));
  if (files.length < 2) return [];
  fs.mkdirSync(bundleDir, { recursive: true });
  const imports = files.map((f) => {
    const rel = path.relative(bundleDir, f).split(path.sep).join('/').replace(/\.ts$/, '.js');
    return `import '${rel}';`;
  });
  fs.writeFileSync(path.join(bundleDir, 'all.spec.ts'), `// Generated by scripts/test-all.mjs (TEST_BUNDLE): every spec file of ${ws.dir} in one module graph.\n${imports.join('\n')}\n`);
  return ['--testMatch', '<rootDir>/jest-bundle/all.spec.ts', ...alone.map((f) => `<rootDir>/${path.relative(ws.abs, f).split(path.sep).join('/')}`)];
}

async function runJest(ws, { side = false } = {}) {
  const file = path.join(outDir, `jest-${ws.dir.replace(/\W+/g, '_')}.json`);
  const t = Date.now();
  console.log(`\n━━ jest: ${ws.dir} ━━${at()}`);
  const prefix = side ? `[${ws.dir}] ` : undefined;
  let hung = false;
  let watch;
  const bundle = BUNDLE && usesServers(ws) ? bundleArgs(ws) : [];
  const code = await run('npm', ['test', '-w', ws.dir, '--silent', '--', '--ci', '--json', `--outputFile=${file}`, ...bundle], {
    env: { CI: process.env.CI || 'true' },
    prefix,
    onSpawn: (child) => {
      let reportAt = 0;
      watch = setInterval(() => {
        if (!reportAt && fs.existsSync(file)) reportAt = Date.now();
        if (reportAt && Date.now() - reportAt > EXIT_GRACE_MS) {
          hung = true;
          clearInterval(watch);
          try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
        }
      }, 500);
    },
  });
  clearInterval(watch);
  if (bundle.length) fs.rmSync(path.join(ws.abs, 'jest-bundle'), { recursive: true, force: true });
  const suite = { name: `jest ${ws.dir}`, passed: 0, failed: 0, skipped: 0, ms: Date.now() - t, failures: [] };
  let report = null;
  try { report = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* no report: crashed before writing it */ }
  if (!report) {
    suite.failed = 1;
    suite.error = `Jest exited with code ${code} and wrote no report (global setup or config error: see its output above)`;
    suite.failures.push({ title: `${ws.dir}: Jest did not run`, message: suite.error });
    return suite;
  }
  if (report.numTotalTests === 0 && report.numTotalTestSuites === 0) {
    suite.failed = 1;
    suite.failures.push({ title: `${ws.dir}: no tests found`, message: 'its test script found no test file: a workspace that loses its tests fails' });
    return suite;
  }
  suite.passed = report.numPassedTests;
  suite.failed = report.numFailedTests;
  suite.skipped = (report.numPendingTests || 0) + (report.numTodoTests || 0);
  for (const tr of report.testResults || []) {
    const rel = path.relative(ROOT, tr.name);
    for (const a of tr.assertionResults || []) {
      if (a.status === 'failed') suite.failures.push({ title: `${rel} › ${a.fullName}`, message: firstLines((a.failureMessages || []).join('\n')) });
    }
    // A test file that failed to run (syntax error, import error, hook failure) has no failed assertions: count it.
    if (tr.status === 'failed' && !(tr.assertionResults || []).some((a) => a.status === 'failed')) {
      suite.failed += 1;
      suite.failures.push({ title: `${rel} (test file failed to run)`, message: firstLines(tr.message || tr.failureMessage) });
    }
  }
  if (hung) {
    suite.failed += 1;
    suite.failures.push({ title: `${ws.dir}: Jest did not exit on its own`, message: `still running ${EXIT_GRACE_MS / 1000} s after its report: something stays open (a client, a server, a timer). Find it with \`npm test -w ${ws.dir} -- --detectOpenHandles\`` });
  } else if (code !== 0 && suite.failed === 0) {
    // Jest itself failed (e.g. open handles, teardown error, coverage threshold): one failure, not silence.
    suite.failed = 1;
    suite.failures.push({ title: `${ws.dir}: Jest exited with code ${code}`, message: 'all tests passed, but Jest reported an error (see its output above)' });
  }
  return suite;
}

function findE2eTests(dir) {
  const found = [];
  const walk = (d) => {
    let entries;
    try { entries = fs.readdirSync(d, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(spec|test)\.(ts|mts|js|mjs)$/.test(e.name)) found.push(p);
    }
  };
  walk(dir);
  return found;
}

async function runPlaywright({ goFile } = {}) {
  const e2eDir = path.join(ROOT, 'e2e');
  const config = path.join(e2eDir, 'playwright.config.ts');
  const tests = findE2eTests(e2eDir);
  if (!tests.length) { console.log('\n━━ e2e: no tests in e2e/, skipped ━━'); return null; }
  const suite = { name: 'playwright e2e', passed: 0, failed: 0, skipped: 0, ms: 0, failures: [] };
  if (!fs.existsSync(config)) {
    suite.failed = 1;
    suite.failures.push({ title: 'e2e/playwright.config.ts is missing', message: `${tests.length} test file(s) in e2e/ but no config` });
    return suite;
  }
  console.log(`\n━━ build (what is out of date) before e2e ━━${at()}`);
  const b = await buildAll({});
  if (b.failed.length || b.blocked.length) {
    // The e2e run still happens: tests of the parts that built can pass; the build failure is counted.
    suite.failed += 1;
    suite.failures.push({ title: 'build before e2e', message: `failed: ${[...b.failed.map((f) => f.dir), ...b.blocked].join(', ')}` });
  }
  const t = Date.now();
  console.log(`\n━━ e2e: playwright (${E2E_SHARDS} shard${E2E_SHARDS > 1 ? 's' : ''}) ━━${at()}`);
  const shards = await Promise.all(Array.from({ length: E2E_SHARDS }, async (_, i) => {
    const file = path.join(outDir, `playwright-${i + 1}.json`);
    const argv = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'];
    if (E2E_SHARDS > 1) argv.push(`--shard=${i + 1}/${E2E_SHARDS}`, '--output', path.join(ROOT, 'test-results', `e2e-artifacts-${i + 1}`));
    const code = await run('npx', argv, {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CI: process.env.CI || 'true', ...(goFile ? { E2E_GO_FILE: goFile } : {}) },
      prefix: E2E_SHARDS > 1 ? `[e2e ${i + 1}/${E2E_SHARDS}] ` : undefined,
    });
    let report = null;
    try { report = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* none */ }
    return { i: i + 1, code, report };
  }));
  suite.ms = Date.now() - t;
  for (const { i, code, report } of shards) collectPlaywright(suite, report, code, E2E_SHARDS > 1 ? `shard ${i}/${E2E_SHARDS}: ` : '');
  return suite;
}

function collectPlaywright(suite, report, code, label) {
  if (!report) {
    suite.failed += 1;
    suite.failures.push({ title: `${label}Playwright did not run`, message: `npx playwright test exited with code ${code} and wrote no report` });
    return;
  }
  const st = report.stats || {};
  suite.passed += (st.expected || 0) + (st.flaky || 0);
  suite.failed += st.unexpected || 0;
  suite.skipped += st.skipped || 0;
  const failedBefore = suite.failures.length;
  const visit = (s, trail) => {
    const t2 = s.title ? [...trail, s.title] : trail;
    for (const spec of s.specs || []) {
      for (const test of spec.tests || []) {
        if (test.status === 'unexpected') {
          const last = (test.results || []).at(-1) || {};
          suite.failures.push({ title: `${label}${[...t2, spec.title].join(' › ')} [${test.projectName}]`, message: firstLines(last.error?.message || (last.errors || []).map((e) => e.message).join('\n')) });
        }
      }
    }
    for (const c of s.suites || []) visit(c, t2);
  };
  for (const s of report.suites || []) visit(s, []);
  for (const e of report.errors || []) {
    suite.failed += 1; // global setup failure, a test file that does not load, …
    suite.failures.push({ title: `${label}Playwright error`, message: firstLines(e.message || e.stack) });
  }
  if (code !== 0 && suite.failures.length === failedBefore) {
    suite.failed += 1;
    suite.failures.push({ title: `${label}Playwright exited with code ${code}`, message: 'no failed test in the report; see the output above' });
  }
}

/**
 * The short chaos round (issue 20, scripts/chaos.mjs --short): the stack with two replicas of messaging, documents and
 * the pdf worker under load, one replica of each killed and Redis restarted; one counted check that fails when an
 * acknowledged write is missing (or the round could not run). About a minute (42 s of load after the stack is up).
 */
async function runChaos({ side = false } = {}) {
  const t = Date.now();
  console.log(`\n━━ chaos: short round ━━${at()}`);
  const code = await run(process.execPath, ['scripts/chaos.mjs', '--short'], { prefix: side ? '[chaos] ' : undefined });
  return { name: 'chaos (short round)', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, ms: Date.now() - t,
    failures: code === 0 ? [] : [{ title: 'chaos short round', message: 'an acknowledged write is missing, or the round did not run: see its output above' }] };
}

/** `npm run typecheck` / `npm run lint` as one counted check each. */
async function runCheck(name, script, { side = false } = {}) {
  const t = Date.now();
  console.log(`\n━━ ${name} ━━${at()}`);
  // Beside the service tests, one project / one lint group at a time: the other core is theirs.
  const code = await run('npm', ['run', script, '--silent'], { prefix: side ? `[${name}] ` : undefined, env: side ? { CHECK_CONCURRENCY: '1' } : {} });
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, ms: Date.now() - t,
    failures: code === 0 ? [] : [{ title: `${name} failed`, message: `npm run ${script} exited with code ${code}: see its output above` }] };
}

const usesServers = (ws) => /jest\.service\.config/.test(ws.scripts.test || '');
const ALONE = new Set(['gateway']);
const results = new Map(); // key -> suite, printed in a fixed order whatever finished first
const order = [];
const jobs = [];
const full = !jestOnly && !e2eOnly && !onlyArg;
if (full && process.env.TEST_SKIP_CHECKS !== '1') {
  for (const [name, script] of [['typecheck', 'typecheck'], ['lint', 'lint']]) {
    order.push(name);
    jobs.push({ key: name, go: (side) => runCheck(name, script, { side }) });
  }
}
const alone = [];
if (!e2eOnly) {
  let workspaces = listWorkspaces();
  if (onlyArg) workspaces = workspaces.filter((w) => onlyArg.includes(w.dir) || onlyArg.includes(w.name));
  for (const ws of workspaces) {
    order.push(ws.dir);
    if (!ws.scripts.test) {
      // Tests nobody runs are lost tests.
      if (fs.existsSync(path.join(ws.abs, 'test'))) {
        results.set(ws.dir, { name: `jest ${ws.dir}`, passed: 0, failed: 1, skipped: 0, ms: 0,
          failures: [{ title: `${ws.dir}: has a test/ folder but no test script`, message: 'add a "test" script to its package.json' }] });
      }
      continue;
    }
    const job = { key: ws.dir, go: (side) => runJest(ws, { side }) };
    if (ALONE.has(ws.dir)) alone.push(job);
    else jobs.push(job);
  }
}
if (full && process.env.TEST_SKIP_CHAOS !== '1') {
  order.push('chaos');
  jobs.push({ key: 'chaos', go: (side) => runChaos({ side }) });
}
const runLane = async (list, side) => { for (const j of list) results.set(j.key, await j.go(side)); };
// Two runners take the next job from one queue, longest first (LPT), so both cores stay busy to the end whichever
// job turns out slower than its estimate. Estimates are seconds measured in a clean-clone CI run (2026-11-27, with the
// service workspaces bundled; typecheck: tsgo single-threaded, 2026-11-28); an unknown job counts 10 s.
const ESTIMATE_S = {
  lint: 140, chaos: 110, typecheck: 35, 'services/documents': 75, 'services/listings': 55, 'packages/embedded-infra': 55,
  'services/identity': 45, 'packages/ui': 39, 'mfe-staff': 38, 'packages/nest-common': 30, 'services/messaging': 25,
  'mfe-seller': 14, 'mfe-buyer': 14, 'services/checklists': 10, 'mfe-public': 8,
};
// The browser tests' build and stack start on the core the queue frees first, once the chaos round (which builds and
// runs the services' dist) is done; Playwright's global setup then waits for the go file, written when the queue and
// the gateway's suite are through, before the first test.
const e2eGo = path.join(outDir, 'e2e-go');
let e2eRun = null;
const startE2e = () => { if (!jestOnly && !e2eRun) e2eRun = runPlaywright({ goFile: e2eGo }); };
// The gateway's suite (timing tests) never runs beside a Jest workspace with servers or the chaos round, but it runs
// beside lint: when lint is in the queue, the first runner takes lint (the longest job) and the second runs the
// gateway's suite before it joins the queue, so the gateway shares the machine with one single-threaded ESLint
// process only (lint's groups one at a time there) instead of holding up the browser tests alone with a core idle: it
// uses ~18 s of CPU in its ~33 s (measured 2026-11-28: 33 s alone, 38-40 s beside lint, 326/326 each time).
const besideLint = LANES > 1 && jobs.some((j) => j.key === 'lint') ? alone.splice(0) : [];
const runQueue = async () => {
  const queue = [...jobs].sort((a, b) => (ESTIMATE_S[b.key] ?? 10) - (ESTIMATE_S[a.key] ?? 10));
  if (besideLint.length) queue.unshift(...queue.splice(queue.findIndex((j) => j.key === 'lint'), 1));
  const chaosDone = () => !jobs.some((j) => j.key === 'chaos') || results.has('chaos');
  await Promise.all([0, 1].map(async (lane) => {
    if (lane === 1) for (const j of besideLint) results.set(j.key, await j.go(true));
    while (queue.length) { const j = queue.shift(); results.set(j.key, await j.go(true)); }
    if (chaosDone()) startE2e();
  }));
};
if (LANES > 1 && jobs.length > 1) await runQueue();
else await runLane([...besideLint, ...jobs], false);
await runLane(alone, false);
for (const key of order) if (results.has(key)) suites.push(results.get(key));
fs.writeFileSync(e2eGo, 'go');
console.log(`\n━━ queue done: the browser tests may start ━━${at()}`);
startE2e();
if (e2eRun) {
  const s = await e2eRun;
  if (s) suites.push(s);
}
fs.rmSync(outDir, { recursive: true, force: true });

const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
const skipped = suites.reduce((n, s) => n + s.skipped, 0);
console.log(`\n${'═'.repeat(72)}\nTest summary (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
for (const s of suites) {
  const mark = s.failed ? '✗' : s.passed ? '✓' : '·';
  console.log(`  ${mark} ${s.name.padEnd(34)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(4)} failed` +
    `${s.skipped ? ` ${s.skipped} skipped` : ''}  ${(s.ms / 1000).toFixed(1)} s`);
}
const failures = suites.flatMap((s) => s.failures);
if (failures.length) {
  console.log(`\nFailures (${failures.length}):`);
  for (const f of failures) {
    console.log(`\n  ✗ ${f.title}`);
    if (f.message) console.log(f.message.split('\n').map((l) => `      ${l}`).join('\n'));
  }
}
if (passed + failed === 0) console.log('\nNothing ran: no tests were found.');
if (skipped) console.log(`\n(${skipped} skipped)`);
console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
