#!/usr/bin/env node
// Uploads through the gateway and the documents service, on a stack started on free ports (demo seed, embedded S3):
//  ratio  the same files (FILES PDFs of 0.5–1.5 × SIZE MB, one multipart request, the seller's POST /api/seller/listings/{id}/
//         documents) uploaded through gateway + documents (streamed to S3: one PUT up to an 8 MiB part, else multipart in
//         8 MiB parts; packages/nest-common/src/uploads/object-upload.ts) and put straight into the
//         same bucket with the minio client, one file after another both ways; interleaved rounds (gateway, direct,
//         direct, gateway, …). Prints MB/s of each and the ratio per round. Target: median ratio ≥ 0.8.
//  rss    one 1 GB file through the gateway (the documents per-file limit raised for the bench, UPLOAD_MAX_FILE_BYTES),
//         the documents service's resident memory sampled every 50 ms: peak − baseline. Target ≤ 64 MB.
//  --replicas 1,2  (issue 21 §3, instead of the two above) scale-out: one stack per replica count (REPLICAS_DOCUMENTS),
//         started side by side; in interleaved rounds (1, 2, 2, 1, …) CLIENTS sellers' uploads at once (each --files
//         files of --size MB, default 4 × 5 MB) go through each stack's gateway; prints MB/s per count and the ratio of
//         the second count to the first with its range over the rounds.
//   node bench/upload-throughput.mjs [--rounds 5] [--files 20] [--size 5] [--big-mb 1024] [--only ratio|rss]
//   node bench/upload-throughput.mjs --replicas 1,2 [--rounds 5] [--clients 4] [--files 4] [--size 5] [--same-names]
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import path from 'node:path';
import { ROOT, cleanup, cpuMs, sleep } from './lib/gateway-harness.mjs';
import { MB, loadLine, median, range, rssBytes, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const ROUNDS = arg('rounds', 5);
const FILES = arg('files', 20);
const SIZE_MB = arg('size', 5);
const BIG_MB = arg('big-mb', 1024);
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const REPLICAS = args.includes('--replicas') ? args[args.indexOf('--replicas') + 1].split(',').map(Number) : null;
const CLIENTS = arg('clients', 4);
const SAME_NAMES = args.includes('--same-names');
const RATIO_TARGET = 0.8;
const RSS_TARGET_MB = 64;

/** A file file-type calls a PDF: the header, then random bytes (incompressible, like real scans). */
const pdfFile = (bytes) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), randomBytes(bytes - 16)]);

/** Multipart parts (the fields first, as the documents service wants them) and their total length. */
function multipart(fields, files) {
  const boundary = `----bench${randomUUID()}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
    parts.push(...(f.chunks ?? [f.buf]), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, parts, length: parts.reduce((n, p) => n + p.length, 0) };
}

/** POSTs the parts (streamed, back-pressure respected); answers status and body. */
function post(url, token, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${body.boundary}`, 'content-length': String(body.length), 'x-session-token': token },
    }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    const it = body.parts[Symbol.iterator]();
    const pump = () => {
      for (let n = it.next(); !n.done; n = it.next()) if (!req.write(n.value)) { req.once('drain', pump); return; }
      req.end();
    };
    pump();
  });
}

/**
 * --replicas a,b: one stack per count of documents replicas, side by side (idle while the other is measured); each round
 * CLIENTS concurrent uploads of the same files through each stack's gateway (round-robin over its documents replicas).
 */
async function scaleOut() {
  const files = Array.from({ length: arg('files', 4) }, (_, i) => ({ name: `statement-${i + 1}.pdf`, buf: pdfFile(Math.round(SIZE_MB * 1e6)) }));
  const total = files.reduce((n, f) => n + f.buf.length, 0) * CLIENTS;
  console.log(`documents uploads with ${REPLICAS.join(' and ')} replicas: ${loadLine()}`);
  const { demoListingId } = await import('@brokerage/contracts');
  const stacks = [];
  for (const n of REPLICAS) {
    const stack = await startPortalStack({ REPLICAS_DOCUMENTS: String(n) });
    const { token } = await signIn(stack, 'seller@example.com');
    const url = `${stack.url.replace('localhost', '127.0.0.1')}/api/seller/listings/${demoListingId(1)}/documents`;
    const pids = Object.entries(stack.pids).filter(([label]) => label === 'documents' || label.startsWith('documents#')).map(([, pid]) => pid);
    stacks.push({ n, url, token, pids, mbps: [], cpu: 0, failed: 0 });
    console.log(`  stack with ${n} documents replica(s) ready (${stack.url})`);
  }
  const round = async (s) => {
    const c0 = s.pids.reduce((a, pid) => a + cpuMs(pid), 0);
    const t = performance.now();
    // each client its own file names (the same bytes), or with --same-names the same ones (seller uploads of one name
    // are separate documents; services/documents/test/concurrent-uploads.spec.ts)
    const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, k) =>
      post(s.url, s.token, multipart({ documentType: 'FINANCIAL_DOCUMENTS' }, files.map((f) => ({ ...f, name: SAME_NAMES ? f.name : `client${k + 1}-${f.name}` }))))));
    const secs = (performance.now() - t) / 1000;
    s.cpu += s.pids.reduce((a, pid) => a + cpuMs(pid), 0) - c0;
    // a failed upload (the loaded machine: 500/503) is counted and its bytes left out of the rate
    const failed = answers.filter((r) => r.status !== 201 && r.status !== 200);
    for (const r of failed) { s.failed++; if (s.failed <= 3) console.log(`  (${s.n} replica(s): an upload answered ${r.status}: ${r.text.slice(0, 120)})`); }
    return (total * (answers.length - failed.length)) / answers.length / MB / secs;
  };
  for (const s of stacks) await round(s); // warm-up
  for (const s of stacks) { s.cpu = 0; s.failed = 0; }
  const ratios = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? stacks : [...stacks].reverse();
    for (const s of order) s.mbps.push(await round(s));
    ratios.push(stacks[1].mbps[i] / stacks[0].mbps[i]);
    console.log(`  round ${i + 1}: ${stacks.map((s) => `${s.n} replica(s) ${s.mbps[i].toFixed(1)} MB/s`).join(', ')}, ratio ${ratios[i].toFixed(2)}  (${loadLine()})`);
  }
  console.log(`
${CLIENTS} concurrent uploads of ${files.length} × ${SIZE_MB} MB (${(total / 1e6).toFixed(0)} MB) per round, ${ROUNDS} rounds`);
  for (const s of stacks) {
    console.log(`  ${s.n} documents replica(s): ${median(s.mbps).toFixed(1)} MB/s (${range(s.mbps, 1)}); documents CPU ${(s.cpu / ROUNDS / 1000).toFixed(2)} s per round; failed uploads ${s.failed} of ${ROUNDS * CLIENTS}`);
  }
  console.log(`  ratio ${stacks[1].n} / ${stacks[0].n} replicas: ${median(ratios).toFixed(2)} (per round ${range(ratios)}); ${loadLine()}`);
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'upload-replicas.json'), `${JSON.stringify({
    at: new Date().toISOString(), load: loadLine(), clients: CLIENTS, files: files.length, sizeMb: SIZE_MB, rounds: ROUNDS,
    stacks: stacks.map((s) => ({ replicas: s.n, mbps: s.mbps, median: median(s.mbps), documentsCpuMsPerRound: s.cpu / ROUNDS, failedUploads: s.failed })),
    ratios, medianRatio: median(ratios),
  }, null, 2)}\n`);
  await cleanup();
  process.exit(0);
}

async function main() {
  if (REPLICAS) return scaleOut();
  console.log(`documents uploads: ${loadLine()}`);
  const stack = await startPortalStack({ UPLOAD_MAX_FILE_BYTES: String((BIG_MB + 8) * MB) });
  const { demoListingId } = await import('@brokerage/contracts');
  const listing = demoListingId(1); // the demo seller's listing
  const { token } = await signIn(stack, 'seller@example.com');
  const uploadUrl = `${stack.url.replace('localhost', '127.0.0.1')}/api/seller/listings/${listing}/documents`;
  const { Client } = await import('minio');
  const s3url = new URL(stack.env.S3_ENDPOINT);
  const s3 = new Client({ endPoint: s3url.hostname, port: Number(s3url.port), useSSL: false, accessKey: stack.env.S3_ACCESS_KEY,
    secretKey: stack.env.S3_SECRET_KEY, region: stack.env.S3_REGION, pathStyle: true });
  const bucket = stack.env.S3_BUCKET;
  const results = { at: new Date().toISOString(), load: loadLine() };
  let ok = true;

  if (ONLY !== 'rss') {
    // sizes spread evenly over 0.5–1.5 × SIZE_MB (decimal MB), like a folder of real documents: the small ones go to S3
    // in one PUT, those over a 5 MiB part as a multipart upload (by the service; the direct put is one PUT each)
    const files = Array.from({ length: FILES }, (_, i) => ({ name: `statement-${i + 1}.pdf`, buf: pdfFile(Math.round((0.5 + i / Math.max(1, FILES - 1)) * SIZE_MB * 1e6)) }));
    const total = files.reduce((n, f) => n + f.buf.length, 0);
    // CPU per path (10 ms ticks): the gateway and documents processes, and this process (client + the embedded S3)
    const cpu = { gateway: 0, documents: 0, listings: 0, benchGw: 0, benchDirect: 0 };
    const own = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const viaGateway = async () => {
      const t = performance.now();
      const c0 = { g: cpuMs(stack.pids.gateway), d: cpuMs(stack.pids.documents), l: cpuMs(stack.pids.listings), b: own() };
      const r = await post(uploadUrl, token, multipart({ documentType: 'FINANCIAL_DOCUMENTS' }, files));
      const s = (performance.now() - t) / 1000;
      cpu.gateway += cpuMs(stack.pids.gateway) - c0.g; cpu.documents += cpuMs(stack.pids.documents) - c0.d;
      cpu.listings += cpuMs(stack.pids.listings) - c0.l; cpu.benchGw += own() - c0.b;
      if (r.status !== 201 && r.status !== 200) throw new Error(`upload answered ${r.status}: ${r.text.slice(0, 300)}`);
      return total / MB / s;
    };
    const direct = async () => {
      const t = performance.now();
      const b0 = own();
      for (const f of files) await s3.putObject(bucket, `bench/${randomUUID()}`, f.buf, f.buf.length, { 'Content-Type': 'application/pdf' });
      cpu.benchDirect += own() - b0;
      return total / MB / ((performance.now() - t) / 1000);
    };
    // not compared: the same puts as a stream of unknown length through the minio client, as the service sent them until
    // it got its own writer (minio then lists unfinished uploads, goes multipart for every file, sha256 + MD5 per part)
    const directStreamed = async () => {
      const t = performance.now();
      for (const f of files) await s3.putObject(bucket, `bench/${randomUUID()}`, Readable.from([f.buf]), undefined, { 'Content-Type': 'application/pdf' });
      return total / MB / ((performance.now() - t) / 1000);
    };
    await viaGateway(); await direct(); await directStreamed(); // warm-up (JIT, connections, S3 folders)
    for (const k of Object.keys(cpu)) cpu[k] = 0;
    const gw = []; const s3r = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) { gw.push(await viaGateway()); s3r.push(await direct()); } else { s3r.push(await direct()); gw.push(await viaGateway()); }
      console.log(`  round ${i + 1}: gateway+documents ${gw[i].toFixed(1)} MB/s, direct S3 put ${s3r[i].toFixed(1)} MB/s, ratio ${(gw[i] / s3r[i]).toFixed(2)}`);
    }
    const streamed = []; for (let i = 0; i < Math.min(ROUNDS, 3); i++) streamed.push(await directStreamed());
    const ratios = gw.map((g, i) => g / s3r[i]);
    const ratio = median(ratios);
    console.log(`\n${FILES} files of ${SIZE_MB / 2}–${SIZE_MB * 1.5} MB (${(total / 1e6).toFixed(0)} MB) per round, ${ROUNDS} rounds`);
    console.log(`  gateway + documents → S3   ${median(gw).toFixed(1)} MB/s (${range(gw, 1)})`);
    console.log(`  direct S3 put (minio)      ${median(s3r).toFixed(1)} MB/s (${range(s3r, 1)})`);
    console.log(`  (direct S3 put streamed, unknown length, as the service puts: ${median(streamed).toFixed(1)} MB/s (${range(streamed, 1)}), not compared)`);
    console.log(`  ratio ${ratio.toFixed(2)} (per round ${range(ratios)})  ${ratio >= RATIO_TARGET ? 'OK' : `MISSED (target ≥ ${RATIO_TARGET})`}`);
    const perRound = (ms) => `${(ms / ROUNDS / 1000).toFixed(2)} s`;
    console.log(`  CPU per round (${(total / MB).toFixed(0)} MB): via gateway: gateway ${perRound(cpu.gateway)}, documents ${perRound(cpu.documents)}, `
      + `listings ${perRound(cpu.listings)}, this process (client + embedded S3) ${perRound(cpu.benchGw)}; direct: this process ${perRound(cpu.benchDirect)}`);
    if (ratio < RATIO_TARGET) ok = false;
    results.ratio = { files: FILES, sizeMb: SIZE_MB, gatewayMBps: gw, directMBps: s3r, directStreamedMBps: streamed, ratios, median: ratio, cpuMsTotal: cpu };
  }

  if (ONLY !== 'ratio') {
    const pid = stack.pids.documents;
    const gwPid = stack.pids.gateway;
    // warm-up: one small upload so the first-use allocations are in the baseline
    await post(uploadUrl, token, multipart({ documentType: 'FINANCIAL_DOCUMENTS' }, [{ name: 'warm.pdf', buf: pdfFile(8 * MB) }]));
    await sleep(1000);
    const base = []; for (let i = 0; i < 10; i++) { base.push(rssBytes(pid)); await sleep(100); }
    const baseline = median(base);
    const gwBase = rssBytes(gwPid);
    const chunk = randomBytes(MB);
    const chunks = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), ...Array.from({ length: BIG_MB }, () => chunk)];
    let peak = baseline; let gwPeak = gwBase;
    const sampler = setInterval(() => { peak = Math.max(peak, rssBytes(pid)); gwPeak = Math.max(gwPeak, rssBytes(gwPid)); }, 50);
    const t = performance.now();
    const r = await post(uploadUrl, token, multipart({ documentType: 'FINANCIAL_DOCUMENTS' }, [{ name: 'big.pdf', chunks }]));
    const secs = (performance.now() - t) / 1000;
    clearInterval(sampler);
    if (r.status !== 201 && r.status !== 200) throw new Error(`1 GB upload answered ${r.status}: ${r.text.slice(0, 300)}`);
    const growth = (peak - baseline) / MB;
    console.log(`\n${BIG_MB} MB in one file through the gateway: ${secs.toFixed(1)} s (${(BIG_MB / secs).toFixed(1)} MB/s)`);
    console.log(`  documents RSS baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB: growth ${growth.toFixed(1)} MB  ${growth <= RSS_TARGET_MB ? 'OK' : `MISSED (target ≤ ${RSS_TARGET_MB} MB)`}`);
    console.log(`  gateway RSS baseline ${(gwBase / MB).toFixed(0)} MB, peak ${(gwPeak / MB).toFixed(0)} MB (growth ${((gwPeak - gwBase) / MB).toFixed(1)} MB, no target)`);
    if (!(growth <= RSS_TARGET_MB)) ok = false;
    results.rss = { mb: BIG_MB, seconds: secs, baselineMb: baseline / MB, peakMb: peak / MB, growthMb: growth, gatewayGrowthMb: (gwPeak - gwBase) / MB };
  }
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'upload-throughput.json'), JSON.stringify(results, null, 2));
  await cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err) => { console.error(err); await cleanup(); process.exit(1); });
