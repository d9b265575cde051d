#!/usr/bin/env node
// Messaging's memory under big attachments (issue 18 §3), on the whole stack (bench/lib/portal-stack: embedded
// PostgreSQL/Redis/S3, every service, the gateway, the demo seed), messaging in its own process:
//   stranger  4 concurrent POST /api/messages/send of 10 × 24 MB attachments each (240 MB) from the demo buyer to the
//             demo seller, who is not one of the buyer's contacts: 403 'You cannot message this user' expected, and
//             the byte of the body the client had sent when the answer came.
//   contact   the same 4 × 240 MB to the buyer's agent: 201, every attachment stored (streamed to S3).
// Each body is generated while it is sent (one random MiB written over and over, back-pressure respected) over a plain
// socket, to its end even after an early answer (as a client that keeps sending would). Messaging's resident memory
// (/proc/<pid>/status VmRSS) is sampled every 20 ms: peak − baseline per phase. Target: ≤ 64 MB. Exit 1 when missed.
//   npm run bench:attachments [-- --requests 4 --files 10 --mb 24]   (or node bench/messaging-attachments.mjs)
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, cleanup, sleep } from './lib/gateway-harness.mjs';
import { streamedSend } from '@brokerage/embedded-infra/streamed-send';
import { MB, loadLine, median, rssBytes, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const REQUESTS = arg('requests', 4);
const FILES = arg('files', 10);
const FILE_MB = arg('mb', 24);
const TARGET_MB = 64;

/** One send over a raw socket (embedded-infra's streamedSend): {status, message, sentAtAnswer, sent, total, closedEarly, ms}. */
async function send(url, token, fields, files) {
  const u = new URL(url);
  const r = await streamedSend({ port: Number(u.port), host: u.hostname, path: u.pathname, headers: { 'x-session-token': token }, fields, files });
  let message = '';
  try { message = JSON.parse(r.text).message ?? ''; } catch { /* not JSON */ }
  return { status: r.status, message, sentAtAnswer: r.sentAtAnswer, sent: r.sent, total: r.total, closedEarly: r.closedEarly, ms: r.ms };
}

async function main() {
  console.log(`messaging attachments: ${loadLine()}`);
  const stack = await startPortalStack();
  const pid = stack.pids.messaging;
  const gwPid = stack.pids.gateway;
  const { token } = await signIn(stack, 'buyer@example.com');
  const url = `${stack.url.replace('localhost', '127.0.0.1')}/api/messages/send`;
  const seller = '00000000-0000-4000-8000-000000000003'; // not a contact of a buyer (identity's GET /users rule)
  const agent = '00000000-0000-4000-8000-000000000002';
  const fields = (to) => ({ receiverId: to, subject: 'Scans', content: 'The scans you asked for' });
  const files = Array.from({ length: FILES }, (_, i) => ({ name: `scan-${i + 1}.pdf`, mb: FILE_MB }));

  // warm-up: first-use allocations (code paths, S3 connections, part buffers) belong in the baseline
  for (const to of [seller, agent]) {
    const r = await send(url, token, fields(to), [{ name: 'warm.pdf', mb: 9 }]);
    console.log(`warm-up to ${to === seller ? 'the stranger' : 'the agent'}: ${r.status} ${r.message}`);
  }
  const results = { at: new Date().toISOString(), load: loadLine(), requests: REQUESTS, files: FILES, fileMb: FILE_MB, phases: {} };
  let ok = true;
  for (const [phase, to, expected] of [['stranger', seller, 403], ['contact', agent, 201]]) {
    await sleep(1000);
    const base = []; for (let i = 0; i < 10; i++) { base.push(rssBytes(pid)); await sleep(50); }
    const baseline = median(base);
    const gwBase = rssBytes(gwPid);
    let peak = baseline; let gwPeak = gwBase;
    const sampler = setInterval(() => { peak = Math.max(peak, rssBytes(pid)); gwPeak = Math.max(gwPeak, rssBytes(gwPid)); }, 20);
    const t = performance.now();
    const rs = await Promise.all(Array.from({ length: REQUESTS }, () => send(url, token, fields(to), files)));
    const secs = (performance.now() - t) / 1000;
    await sleep(500);
    clearInterval(sampler);
    const after = rssBytes(pid);
    const growth = (peak - baseline) / MB;
    const statuses = rs.map((r) => r.status);
    const pass = growth <= TARGET_MB && statuses.every((s) => s === expected);
    if (!pass) ok = false;
    const totalMb = rs.reduce((n, r) => n + r.total, 0) / MB;
    console.log(`\n${phase}: ${REQUESTS} × ${FILES} × ${FILE_MB} MB (${totalMb.toFixed(0)} MB) at once, ${secs.toFixed(1)} s; answers ${statuses.join(' ')} (${rs[0].message})`);
    console.log(`  answer after (MB of its body sent): ${rs.map((r) => (r.sentAtAnswer / MB).toFixed(1)).join(', ')}; whole body sent: ${rs.map((r) => (r.closedEarly ? 'no (closed)' : 'yes')).join(', ')}`);
    console.log(`  messaging RSS baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, 0.5 s after ${(after / MB).toFixed(0)} MB: growth ${growth.toFixed(1)} MB  ${pass ? 'OK' : `MISSED (target ≤ ${TARGET_MB} MB, status ${expected})`}`);
    console.log(`  gateway RSS baseline ${(gwBase / MB).toFixed(0)} MB, peak ${(gwPeak / MB).toFixed(0)} MB (growth ${((gwPeak - gwBase) / MB).toFixed(1)} MB, no target)`);
    results.phases[phase] = {
      statuses, seconds: secs, sentAtAnswerMb: rs.map((r) => r.sentAtAnswer / MB), closedEarly: rs.map((r) => r.closedEarly),
      baselineMb: baseline / MB, peakMb: peak / MB, afterMb: after / MB, growthMb: growth, gatewayGrowthMb: (gwPeak - gwBase) / MB, pass,
    };
  }
  console.log(`\n${ok ? 'PASS' : 'MISSED'}: messaging's RSS growth ≤ ${TARGET_MB} MB under ${REQUESTS} × ${FILES * FILE_MB} MB; ${loadLine()}`);
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'messaging-attachments.json'), `${JSON.stringify(results, null, 2)}\n`);
  await cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err) => { console.error(err); await cleanup(); process.exit(1); });
