#!/usr/bin/env node
// `npm run lint`: ESLint over the whole repository, one process per group of folders. One process over everything
// holds every TypeScript project of the typed rules at once and outgrew a 4 GB heap; a group stays < 1.5 GB, and two
// groups run at a time (two cores), each printing its report when it ends.
// Extra arguments go to each run (`npm run lint -- --fix`). Exit code 1 when any group reports a problem.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/launcher/workspaces.mjs';

const rootFiles = fs.readdirSync(ROOT).filter((f) => /\.(m?js|cjs|ts)$/.test(f));
const groups = [
  ['packages'], ['services'], ['gateway', 'shell'], ['mfe-public', 'mfe-seller'], ['mfe-buyer', 'mfe-staff'],
  ['e2e', 'bench', 'scripts', 'infra', ...rootFiles],
].map((g) => g.filter((p) => fs.existsSync(path.join(ROOT, p))));
// CHECK_CONCURRENCY=1 (npm test's side lane, beside the service tests): one group at a time.
const CONCURRENCY = Math.max(1, Number(process.env.CHECK_CONCURRENCY || 2));
let failed = 0;

function lintGroup(group) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), ...group, ...process.argv.slice(2)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (code, signal) => {
      if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      if (code !== 0) { failed += 1; console.error(`lint: ${group.join(' ')}: exit ${code ?? signal}`); }
      resolve();
    });
  });
}

const queue = [...groups];
await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
  while (queue.length) await lintGroup(queue.shift());
}));
process.exit(failed ? 1 : 0);
