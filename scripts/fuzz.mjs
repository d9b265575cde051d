#!/usr/bin/env node
// `npm run fuzz`: property-based fuzzing of every JSON route against the real stack (e2e/tests/security/fuzz.spec.ts),
// FUZZ_RUNS bodies per route (default 1,000; CI runs 4 inside `npm test`), then the answers by status class.
//   FUZZ_RUNS=200 FUZZ_SEED=42 npm run fuzz
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/launcher/workspaces.mjs';
import { buildAll } from '../infra/launcher/build.mjs';

const runs = process.env.FUZZ_RUNS ?? '1000';
const built = await buildAll({});
if (built.failed.length || built.blocked.length) { console.error('fuzz: the build failed'); process.exit(1); }
const code = await new Promise((resolve) => {
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'tests/security/fuzz.spec.ts', '--reporter=dot'], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs },
  });
  child.on('close', (c) => resolve(c ?? 1));
});
const report = path.join(ROOT, 'test-results', 'fuzz.json');
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  const total = Object.values(r.byClass).reduce((a, b) => a + b, 0);
  console.log(`\nfuzz: ${r.routes} JSON routes × ${r.runsPerRoute} bodies (seed ${r.seed}): ${total} requests`);
  for (const [cls, n] of Object.entries(r.byClass).sort()) console.log(`  ${cls}: ${n} (${((100 * n) / total).toFixed(1)} %)`);
}
process.exit(code);
