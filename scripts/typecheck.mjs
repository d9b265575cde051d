#!/usr/bin/env node
// `npm run typecheck`: every workspace (sources and tests) and e2e/ type-check with TypeScript 7 (tsgo), 0 errors.
// swc and @swc/jest strip types without checking them, so this is the only place types are checked.
// The root `typescript` package is TypeScript 6 (typescript-eslint's JS API): tsc is called through tsgo explicitly.
//
//   node scripts/typecheck.mjs [<workspace dir> ...]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, listWorkspaces } from '../infra/launcher/workspaces.mjs';

const TSC = path.join(ROOT, 'node_modules', 'tsgo', 'bin', 'tsc');
const only = process.argv.slice(2).map((d) => d.replace(/\/$/, ''));
const projects = [...listWorkspaces().map((w) => w.dir), 'e2e'].filter((d) => !only.length || only.includes(d));
const problems = [];

// A project that leaves out its test folder would let the tests drift from the code unnoticed.
for (const dir of projects) {
  const config = path.join(ROOT, dir, 'tsconfig.json');
  if (!fs.existsSync(config)) { problems.push(`${dir}: no tsconfig.json (every workspace is type-checked)`); continue; }
  const text = fs.readFileSync(config, 'utf8');
  if (fs.existsSync(path.join(ROOT, dir, 'test')) && !/"test"|"test\//.test(text) && !/"\."/.test(text)) {
    problems.push(`${dir}: tsconfig.json does not include test/`);
  }
}

function check(dir) {
  return new Promise((resolve) => {
    const t = Date.now();
    // --singleThreaded: tsgo's own checker threads cost more than they give on two cores (measured 2026-11-28, the 18
    // projects one after another at load ~2.5: 35 s wall and 66 s CPU with them, 24 s wall and 29 s CPU without).
    const child = spawn(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json'), '--noEmit', '--pretty', 'false', '--singleThreaded'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve({ dir, code, out: out.trim(), ms: Date.now() - t }));
  });
}

// Two at a time (each tsgo single-threaded, one core each). CHECK_CONCURRENCY=1 (npm test's side lane, beside
// the service tests): one at a time.
const queue = projects.filter((d) => fs.existsSync(path.join(ROOT, d, 'tsconfig.json')));
const results = [];
const CONCURRENCY = Math.max(1, Number(process.env.CHECK_CONCURRENCY || 2));
await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
  while (queue.length) results.push(await check(queue.shift()));
}));

// A shared package's error shows in every project that imports it: each distinct error is printed and counted once.
const seen = new Set();
for (const r of results.sort((a, b) => projects.indexOf(a.dir) - projects.indexOf(b.dir))) {
  const blocks = r.out.split(/\n(?=\S)/).filter((b) => /error TS\d+/.test(b));
  const fresh = blocks.filter((b) => !seen.has(b));
  for (const b of fresh) seen.add(b);
  const mark = r.code === 0 ? '✓' : '✗';
  const what = r.code === 0 ? 'ok' : blocks.length ? `${blocks.length} error(s)${fresh.length < blocks.length ? ` (${blocks.length - fresh.length} listed above)` : ''}` : 'tsc failed';
  console.log(`${mark} ${r.dir.padEnd(26)} ${what}  ${(r.ms / 1000).toFixed(1)} s`);
  if (r.code !== 0) problems.push(blocks.length ? fresh.join('\n') : r.out);
}
const failedProjects = results.filter((r) => r.code !== 0).length;
if (problems.some(Boolean) || failedProjects) {
  console.log(`\n${problems.filter(Boolean).join('\n')}`);
  console.log(`\ntypecheck: ${seen.size} error(s), ${failedProjects} project(s) failed`);
  process.exit(1);
}
console.log(`\ntypecheck: ${results.length} projects, 0 errors`);
