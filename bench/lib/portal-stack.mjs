// What the documents benches share: the back end built (services + gateway, swc, only what is out of date), the
// whole stack on free ports with the demo seed (embedded PostgreSQL/Redis/S3, every service, the pdf worker, the
// gateway: infra/launcher/stack.mjs), a demo user's session, and RSS/CPU readings of a process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './gateway-harness.mjs';

export const MB = 1024 * 1024;
const BACK_END = ['services/identity', 'services/listings', 'services/documents', 'services/messaging', 'services/checklists', 'gateway'];

/**
 * The embedded S3 server in a child process (bench/lib/s3-process.mjs), stopped at cleanup: the env that points the
 * stack at it (S3_ENDPOINT and its keys) and its pid.
 */
export async function startS3Process(dataDir) {
  const { spawn } = await import('node:child_process');
  const { freePort, randomSecret } = await import('@brokerage/embedded-infra');
  const keys = { S3_ACCESS_KEY: `bench${randomSecret().slice(0, 12)}`, S3_SECRET_KEY: randomSecret(), S3_BUCKET: 'brokerage', S3_REGION: 'us-east-1' };
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 's3-process.mjs'), String(await freePort()), path.join(dataDir, 's3'), keys.S3_ACCESS_KEY, keys.S3_SECRET_KEY, keys.S3_BUCKET],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  onCleanup(() => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }));
  const line = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d)));
    child.once('exit', (code) => reject(new Error(`the S3 process exited (${code})`)));
  });
  return { env: { S3_ENDPOINT: JSON.parse(line).endpoint, ...keys }, pid: child.pid };
}

/**
 * Builds the back end and starts the stack (stopped at cleanup). `env` goes to every process. `s3Process`: the
 * embedded S3 server runs in a child process instead of this one (its pid: stack.s3Pid).
 */
export async function startPortalStack(env = {}, { s3Process = false } = {}) {
  const { buildAll } = await import('../../infra/launcher/build.mjs');
  const b = await buildAll({ only: BACK_END, quiet: true, log: () => {} });
  if (b.failed.length || b.blocked.length) throw new Error(`build failed: ${b.failed.map((f) => `${f.dir}\n${f.output}`).join('\n')}`);
  const { startStack } = await import('../../infra/launcher/stack.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-docs-stack-'));
  fs.chmodSync(dataDir, 0o755);
  const s3 = s3Process ? await startS3Process(dataDir) : null;
  const stack = await startStack({ dataDir, freePorts: true, quiet: true, build: false, partial: true, log: () => {},
    env: { SEED_DEMO: '1', LOG_LEVEL: 'warn', ...s3?.env, ...env } });
  onCleanup(async () => { await stack.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); });
  return Object.assign(stack, { s3Pid: s3?.pid });
}

/** Signs a demo user in through the gateway; answers their session token and user. */
export async function signIn(stack, email) {
  const res = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: 'demo-pass-2026' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { token: body.sessionToken, user: body.user };
}

/**
 * BENCH_PRIORITY=1 (Linux, root): every process this bench started (its descendants: the stack, PostgreSQL, Redis, S3)
 * and the bench itself get their scheduling group's nice set to -10 (/proc/<pid>/autogroup), so that other work on a
 * shared machine takes CPU from them only when they leave it idle: figures close to those of a quiet machine. Answers
 * how many groups were raised (0 when not asked or not allowed).
 */
export function raisePriority() {
  if (process.env.BENCH_PRIORITY !== '1') return 0;
  const parent = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const ours = (pid) => { for (let p = pid, i = 0; p > 1 && i < 64; p = parent.get(p) ?? 0, i++) if (p === process.pid) return true; return false; };
  let raised = 0;
  for (const pid of [...parent.keys()].filter(ours)) {
    try { fs.writeFileSync(`/proc/${pid}/autogroup`, '-10'); raised++; } catch { /* not allowed */ }
  }
  return raised;
}

/** Resident set size of a process in bytes (Linux /proc), NaN elsewhere. */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch { return NaN; }
}

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
export const range = (xs, digits = 2) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
export const loadLine = () => `node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`;
