#!/usr/bin/env node
// Gateway overhead: the same call straight to a service stand-in and through the built gateway.
//   node bench/gateway-overhead.mjs [--rate 200] [--seconds 10]
// Starts (all on loopback, free ports): a tiny upstream HTTP server (child process), Redis (REDIS_URL if set, else the
// system redis-server via @brokerage/embedded-infra), and the built gateway `node gateway/dist/main.js` (child process,
// log lines discarded). Then an open-loop load of RATE requests/s per target for SECONDS s (bounded: at most 256 in
// flight; a request that cannot be sent is counted as dropped), one request to each target per tick, interleaved:
//   straight  GET <upstream>/auth/available-listings
//   gateway   GET <gateway>/api/auth/available-listings, every other one with the X-Session-Token of a session in Redis
//             (resolve + signed JWT, cached), reported together and per kind
// Then a closed-loop run (one request at a time, 1000 each) shows the per-request cost without queueing.
// Prints p50/p95/p99 and the difference at p50. Target: ≤ 2 ms added at p50 (open loop). Exit 1 when missed.
import http from 'node:http';
import { cleanup, cpuMs, sleep, startGatewayHarness } from './lib/gateway-harness.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 10);
const WARMUP_S = 2;
const MAX_IN_FLIGHT = 256;
const TARGET_MS = 2;
process.on('SIGINT', () => { cleanup().finally(() => process.exit(130)); });

/**
 * Open-loop load, interleaved: every 1000/RATE ms one request to each target (the order rotates each tick), so all
 * targets see the same machine noise. Latencies in ms per target.
 */
async function load(targets, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const ticks = Math.round(RATE * seconds);
  const interval = 1000 / RATE;
  const res = targets.map(() => ({ lat: [], kind: [], dropped: 0, errors: 0, non200: 0 }));
  let inFlight = 0;
  const done = [];
  const start = performance.now();
  for (let i = 0; i < ticks; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    for (let k = 0; k < targets.length; k++) {
      const j = (i + k) % targets.length;
      const { url } = targets[j];
      const headers = targets[j].headers(i);
      const kind = headers['x-session-token'] ? 1 : 0;
      const r = res[j];
      if (inFlight >= MAX_IN_FLIGHT) { r.dropped++; continue; }
      inFlight++;
      done.push(new Promise((resolve) => {
        const t0 = performance.now();
        const req = http.get(url, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => { r.lat.push(performance.now() - t0); r.kind.push(kind); if (response.statusCode !== 200) r.non200++; inFlight--; resolve(); });
        });
        req.on('error', () => { r.errors++; inFlight--; resolve(); });
        req.setTimeout(10000, () => req.destroy(new Error('timeout')));
      }));
    }
  }
  await Promise.all(done);
  agent.destroy();
  return res;
}

/** Closed loop: one request at a time, alternating targets. */
async function sequential(targets, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const res = targets.map(() => ({ lat: [], dropped: 0, errors: 0, non200: 0 }));
  for (let i = 0; i < n * targets.length; i++) {
    const j = i % targets.length;
    const r = res[j];
    await new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(targets[j].url, { agent, headers: targets[j].headers(Math.floor(i / targets.length)) }, (response) => {
        response.resume();
        response.on('end', () => { r.lat.push(performance.now() - t0); if (response.statusCode !== 200) r.non200++; resolve(); });
      });
      req.on('error', () => { r.errors++; resolve(); });
    });
  }
  agent.destroy();
  return res;
}

function pct(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(name, r) {
  const s = [...r.lat].sort((a, b) => a - b);
  const out = { name, n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), dropped: r.dropped, errors: r.errors, non200: r.non200 };
  console.log(`  ${name.padEnd(16)} n=${String(out.n).padEnd(5)} p50 ${out.p50.toFixed(3)} ms   p95 ${out.p95.toFixed(3)} ms   p99 ${out.p99.toFixed(3)} ms` +
    `${out.dropped || out.errors || out.non200 ? `   (dropped ${out.dropped}, errors ${out.errors}, non-200 ${out.non200})` : ''}`);
  return out;
}

async function main() {
  const { upstream, upPid, gateway, gwPid, token } = await startGatewayHarness();
  // 200 req/s straight and 200 req/s through the gateway (every other gateway request carries the session token)
  const targets = [
    { name: 'straight', url: `${upstream}/auth/available-listings`, headers: () => ({}) },
    { name: 'gateway', url: `${gateway}/api/auth/available-listings`, headers: (i) => (i % 2 ? { 'x-session-token': token } : {}) },
  ];
  const os = await import('node:os');
  console.log(`gateway overhead: ${RATE} req/s straight + ${RATE} req/s through the gateway (half of them with a session), interleaved, ` +
    `${SECONDS} s after a ${WARMUP_S} s warm-up; loopback, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  await load(targets, WARMUP_S);
  const measured = await load(targets, SECONDS);
  console.log('open loop:');
  const straight = summary('straight', measured[0]);
  const gw = summary('gateway', measured[1]);
  const anon = summary('  anonymous', { ...measured[1], lat: measured[1].lat.filter((_, i) => measured[1].kind[i] === 0) });
  const sess = summary('  with session', { ...measured[1], lat: measured[1].lat.filter((_, i) => measured[1].kind[i] === 1) });
  const d = gw.p50 - straight.p50;
  console.log(`  added at p50: ${d.toFixed(3)} ms (anonymous ${(anon.p50 - straight.p50).toFixed(3)} ms, with session ${(sess.p50 - straight.p50).toFixed(3)} ms); ` +
    `p95 ${(gw.p95 - straight.p95).toFixed(3)} ms, p99 ${(gw.p99 - straight.p99).toFixed(3)} ms; target ≤ ${TARGET_MS} ms at p50`);
  // closed loop: one request at a time, alternating, 1000 each: the per-request cost without queueing
  const cpu0 = { gw: cpuMs(gwPid), up: cpuMs(upPid) };
  const closed = await sequential(targets, 1000);
  const cpuGw = cpuMs(gwPid) - cpu0.gw;
  const cpuUp = cpuMs(upPid) - cpu0.up;
  console.log('closed loop (one at a time, no queueing):');
  const cs = summary('straight', closed[0]);
  const cg = summary('gateway', closed[1]);
  console.log(`  added at p50: ${(cg.p50 - cs.p50).toFixed(3)} ms`);
  if (!Number.isNaN(cpuGw)) {
    // every gateway request also costs the upstream one request: upstream CPU covers 2000 requests
    console.log(`  CPU per request: gateway ${(cpuGw / 1000 * 1000).toFixed(0)} µs, upstream ${(cpuUp / 2000 * 1000).toFixed(0)} µs ` +
      `(10 ms tick resolution; on a loaded machine both are inflated). At ${RATE} req/s the gateway needs ≈ ${(cpuGw / 1000 * RATE / 10).toFixed(0)} % of a core.`);
  }
  const bad = [straight, gw].some((x) => x.errors || x.non200);
  const ok = d <= TARGET_MS && !bad;
  console.log(ok ? '  ✓ open-loop p50 within target' : `  ✗ ${bad ? 'errors or non-200 answers' : 'open-loop p50 over target'}`);
  await cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err) => { console.error(err); await cleanup(); process.exit(1); });
