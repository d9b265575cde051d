#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another, then a one-line verdict per script.
//   start-time (cold + warm npm start; deletes this checkout's dist/ folders and rebuilds them),
//   gateway-overhead (the gateway engineer's), first-load (own stack on free ports).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/launcher/workspaces.mjs';

const SCRIPTS = ['start-time.mjs', 'gateway-overhead.mjs', 'first-load.mjs', 'lcp-ratio.mjs', 'proxy-ratio.mjs', 'listings-api.mjs', 'journey-events.mjs',
  'upload-throughput.mjs', 'pdf-throughput.mjs', 'messaging-inbox.mjs', 'sse-streams.mjs',
  'messaging-attachments.mjs'];
const results = [];
for (const s of SCRIPTS) {
  const file = path.join(ROOT, 'bench', s);
  if (!fs.existsSync(file)) { results.push({ s, status: 'missing' }); continue; }
  console.log(`\n━━ bench/${s} ━━`);
  const t0 = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (c, sig) => resolve(c ?? (sig ? 128 : 1)));
  });
  results.push({ s, status: code === 0 ? 'ok' : `exit ${code}`, secs: ((Date.now() - t0) / 1000).toFixed(0) });
}
console.log('\nbench summary:');
for (const r of results) console.log(`  ${r.status === 'ok' ? '✓' : r.status === 'missing' ? '·' : '✗'} ${r.s.padEnd(22)} ${r.status}${r.secs ? ` (${r.secs} s)` : ''}`);
process.exit(results.some((r) => r.status !== 'ok' && r.status !== 'missing') ? 1 : 0);
