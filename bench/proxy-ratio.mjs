#!/usr/bin/env node
// Throughput of the gateway against nginx proxying the same upstream route on the same machine, same load:
// wrk, 16 connections, closed loop, runs interleaved (gateway, nginx, gateway, nginx…), median of ROUNDS each.
//   GET /api/auth/available-listings  → upstream GET /auth/available-listings
// Two upstreams, one after the other:
//   service  the real listings service of a stack started on free ports (NestJS + PostgreSQL): the product's own
//            public GET — the target applies here (issue 13: gateway ≥ 0.9 × nginx, anonymous)
//   stub     a trivial Node server answering at once: the proxies' own cost in isolation (shown, no target)
// nginx: one worker (the gateway is one process), upstream keepalive, access log on (the gateway logs too).
// Also shown: the gateway with a session token. Installs nginx and wrk with apt-get when missing.
//   node bench/proxy-ratio.mjs [--seconds 5] [--rounds 5] [--connections 16] [--only service|stub]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, cleanup, cpuMs, freePort, onCleanup, startChild, startGatewayHarness, waitFor } from './lib/gateway-harness.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 5);
const CONNECTIONS = arg('connections', 16);
const TARGET = 0.9;
const PATH = '/api/auth/available-listings';
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

function ensureTools() {
  const missing = ['nginx', 'wrk'].filter((b) => spawnSync('sh', ['-c', `command -v ${b} || test -x /usr/sbin/${b}`]).status !== 0);
  if (!missing.length) return;
  console.log(`installing ${missing.join(', ')} with apt-get…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

async function startNginx(upstreamUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log combined buffer=64k;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream service { server ${new URL(upstreamUrl).host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location /api/ { proxy_pass http://service/; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const bin = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = startChild(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], process.env, 'nginx');
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + PATH);
  // the worker does the proxying (the master only supervises)
  const worker = Number(execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).trim().split('\n')[0]);
  return { url, pid: worker || child.pid };
}

/** One wrk run: requests per second (and non-2xx count). */
function wrk(url, headers = {}) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const out = execFileSync('wrk', ['-t', '1', '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, ...h, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out);
  return { rps, non2xx, out, p50 };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** Interleaved rounds of gateway (anonymous, with a session) and nginx against one upstream. */
function compare(label, gw, nginx) {
  wrk(gw.url + PATH); wrk(nginx.url + PATH); // warm-up (JIT, keep-alive pools)
  const runs = { gateway: [], session: [], nginx: [] };
  const cpu = { gateway: 0, nginx: 0, reqGw: 0, reqNg: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 ? ['nginx', 'gateway', 'session'] : ['gateway', 'nginx', 'session'];
    for (const k of order) {
      const pid = k === 'nginx' ? nginx.pid : gw.pid;
      const c0 = cpuMs(pid);
      const r = k === 'nginx' ? wrk(nginx.url + PATH) : k === 'session' ? wrk(gw.url + PATH, { 'x-session-token': gw.token }) : wrk(gw.url + PATH);
      if (r.non2xx) throw new Error(`${label} ${k}: ${r.non2xx} non-2xx answers\n${r.out}`);
      runs[k].push(r.rps);
      if (k !== 'session') {
        cpu[k] += cpuMs(pid) - c0;
        if (k === 'gateway') cpu.reqGw += r.rps * SECONDS; else cpu.reqNg += r.rps * SECONDS;
      }
    }
  }
  const ratios = runs.gateway.map((g, i) => g / runs.nginx[i]);
  const ratio = median(runs.gateway) / median(runs.nginx);
  const fmt = (xs) => `${Math.round(median(xs))} req/s (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
  console.log(`\n${label}`);
  console.log(`  nginx                      ${fmt(runs.nginx)}`);
  console.log(`  gateway (anonymous)        ${fmt(runs.gateway)}`);
  console.log(`  gateway (with a session)   ${fmt(runs.session)}   ratio ${(median(runs.session) / median(runs.nginx)).toFixed(2)}`);
  console.log(`  ratio gateway/nginx: ${ratio.toFixed(2)} (per-round ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
  if (!Number.isNaN(cpu.gateway) && !Number.isNaN(cpu.nginx)) {
    console.log(`  CPU per request: gateway ${(cpu.gateway / cpu.reqGw * 1000).toFixed(0)} µs, nginx worker ${(cpu.nginx / cpu.reqNg * 1000).toFixed(0)} µs (10 ms ticks)`);
  }
  return { runs, ratio, ratios };
}

/** A session of the stack's demo buyer, for the "with a session" runs. */
async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: 'buyer@example.com', password: 'demo-pass-2026' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).sessionToken;
}

async function main() {
  ensureTools();
  console.log(`proxy throughput: wrk 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds; `
    + `node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  const results = {};
  if (ONLY !== 'stub') {
    const { startStack } = await import('../infra/launcher/stack.mjs');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-proxy-stack-'));
    fs.chmodSync(dataDir, 0o755);
    const stack = await startStack({ dataDir, freePorts: true, quiet: true, log: () => {}, env: { SEED_DEMO: '1' } });
    onCleanup(async () => { await stack.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); });
    const nginx = await startNginx(stack.env.LISTINGS_URL);
    results.service = compare('upstream: the listings service (GET /auth/available-listings on PostgreSQL) — target ≥ 0.9',
      { url: stack.url, pid: stack.pids.gateway, token: await signIn(stack.url) }, nginx);
  }
  if (ONLY !== 'service') {
    const h = await startGatewayHarness();
    const nginx = await startNginx(h.upstream);
    results.stub = compare('upstream: a stub answering at once (the proxies\' own cost; no target)', { url: h.gateway, pid: h.gwPid, token: h.token }, nginx);
  }
  const ok = !results.service || results.service.ratio >= TARGET;
  if (results.service) console.log(ok ? `\n✓ gateway/nginx ${results.service.ratio.toFixed(2)} ≥ ${TARGET}` : `\n✗ gateway/nginx ${results.service.ratio.toFixed(2)} < ${TARGET}`);
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'proxy-ratio.json'),
    JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, ...results }, null, 2));
  await cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err) => { console.error(err); await cleanup(); process.exit(1); });
