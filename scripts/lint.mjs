#!/usr/bin/env node
// `npm run lint`: ESLint over the whole repository, one process per group of folders. One process over everything
// holds every TypeScript project of the typed rules at once and outgrew a 4 GB heap; a group at a time stays < 1.5 GB.
// Extra arguments go to each run (`npm run lint -- --fix`). Exit code 1 when any group reports a problem.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/launcher/workspaces.mjs';

const rootFiles = fs.readdirSync(ROOT).filter((f) => /\.(m?js|cjs|ts)$/.test(f));
const groups = [
  ['packages'], ['services'], ['gateway', 'shell'], ['mfe-public', 'mfe-seller'], ['mfe-buyer', 'mfe-staff'],
  ['e2e', 'bench', 'scripts', 'infra', ...rootFiles],
].map((g) => g.filter((p) => fs.existsSync(path.join(ROOT, p))));
let failed = 0;
for (const group of groups) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), ...group, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) { failed += 1; console.error(`lint: ${group.join(' ')}: exit ${r.status ?? r.signal}`); }
}
process.exit(failed ? 1 : 0);
