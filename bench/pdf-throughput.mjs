#!/usr/bin/env node
// The worker's PDFs on a stack started on free ports (demo seed, embedded PostgreSQL/Redis/S3, every service, the pdf
// worker, the gateway):
//  latency  the demo seller submits the full questionnaire (60 answers, staffing tables) through the gateway, SUBMITS
//           times one after another; each time from the submit to its PDF stored (S3 object written, document filed,
//           generated_pdfs READY: its completed_at). Target p95 ≤ 1.5 s.
//  rate     the same questionnaire PDF: raw pdfkit (documents' renderer in a process of its own with the worker's V8
//           flags, one after another, no I/O: bench/lib/pdf-raw-renderer.mjs) against the worker (JOBS jobs put on its
//           BullMQ queue at once; rendered, stored in S3, filed as documents), in interleaved rounds. Target: worker
//           ≥ 0.8 × raw pdfkit (one worker process). JOBS is a few seconds of work: a 1 s run mostly measures the
//           pipeline's fill and drain (first pickup, last poll), not its rate.
//   node bench/pdf-throughput.mjs [--submits 40] [--jobs 60] [--rounds 3] [--only latency|rate]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SERVICES } from '../infra/launcher/stack.mjs';
import { ROOT, cleanup, cpuMs, onCleanup, sleep } from './lib/gateway-harness.mjs';
import { percentiles } from './lib/listings-harness.mjs';
import { loadLine, median, range, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SUBMITS = arg('submits', 40);
const JOBS = arg('jobs', 150);
const ROUNDS = arg('rounds', 3);
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const P95_TARGET_MS = 1500;
const RATE_TARGET = 0.8;

const answer = (n) => `Answer ${n}: ${'The business has served its neighbourhood for years with a loyal customer base and steady margins. '.repeat(3)}`.trim();

async function main() {
  console.log(`pdf worker: ${loadLine()}`);
  const stack = await startPortalStack();
  const contracts = await import('@brokerage/contracts');
  const { token, user } = await signIn(stack, 'seller@example.com'); // demo listing 1 selected, questionnaire step open
  const { default: pg } = await import('pg');
  const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 2 });
  db.on('error', () => {});
  const questionnaire = {
    ...Object.fromEntries(contracts.QUESTION_NAMES.map((n, i) => [n, answer(i + 1)])),
    staffing: Array.from({ length: 10 }, (_, i) => ({ titleJob: `Role ${i + 1}`, payRate: '$24/h', weeklyHours: '40', yearsOfService: '3', healthInsurance: 'Yes', vacationWeeks: '2', stayingWithBusiness: 'Yes' })),
    weeklyStaffing: Array.from({ length: 10 }, (_, i) => ({ titleJob: `Role ${i + 1}`, mon: '8', tue: '8', wed: '8', thu: '8', fri: '8', sat: '4', sun: '0' })),
  };
  const submit = async () => {
    const res = await fetch(`${stack.url}/api/seller/questionnaire/submit`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-session-token': token }, body: JSON.stringify({ questionnaire }),
    });
    const body = await res.json();
    if (res.status !== 200 || body.message !== contracts.FORM_MSG.questionnaireSubmittedPdf) throw new Error(`submit answered ${res.status} ${JSON.stringify(body)}`);
  };
  const lastKey = async () => (await db.query(
    `SELECT payload->>'key' AS key, payload FROM listings.outbox WHERE kind = 'form-pdf' AND payload->'document'->>'ownerId' = $1 ORDER BY created_at DESC LIMIT 1`, [user.id])).rows[0];
  const readyAt = async (key, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const r = (await db.query(`SELECT completed_at FROM documents.generated_pdfs WHERE job_key = $1 AND status = 'READY'`, [key])).rows[0];
      if (r) return r.completed_at.getTime();
      if (Date.now() > end) throw new Error(`PDF ${key} not stored within ${timeoutMs} ms`);
      await sleep(10);
    }
  };
  const results = { at: new Date().toISOString(), load: loadLine() };
  let ok = true;

  // ── submit → stored ──
  for (let i = 0; i < 3; i++) { await submit(); await readyAt((await lastKey()).key); } // warm-up
  const payload = (await lastKey()).payload;
  if (ONLY !== 'rate') {
    const lat = []; const answerMs = [];
    for (let i = 0; i < SUBMITS; i++) {
      const t0 = Date.now();
      await submit();
      answerMs.push(Date.now() - t0);
      lat.push((await readyAt((await lastKey()).key)) - t0);
      await sleep(200);
    }
    const p = percentiles(lat); const a = percentiles(answerMs);
    console.log(`\nsubmit → PDF stored, ${SUBMITS} questionnaire submits one after another (${payload.sections.length} sections):`);
    console.log(`  p50 ${p.p50} ms  p95 ${p.p95} ms  max ${p.max} ms  ${p.p95 <= P95_TARGET_MS ? 'OK' : `MISSED (target p95 ≤ ${P95_TARGET_MS} ms)`}`);
    console.log(`  (the submit itself answers in p50 ${a.p50} ms, p95 ${a.p95} ms; the rest is relay → documents → queue → worker → S3)`);
    if (!(p.p95 <= P95_TARGET_MS)) ok = false;
    results.latency = { submits: SUBMITS, ...p, submitAnswer: a };
  }

  // ── worker rate vs raw pdfkit ──
  if (ONLY !== 'latency') {
    const { pdfJobSchema } = contracts;
    const contentFile = path.join(os.tmpdir(), `bench-pdf-content-${process.pid}.json`);
    fs.writeFileSync(contentFile, JSON.stringify(pdfJobSchema.parse(payload)));
    const pdfFlags = SERVICES.find((s) => s.name === 'pdf').nodeFlags ?? [];
    const renderer = spawn(process.execPath, [...pdfFlags, path.join(ROOT, 'bench', 'lib', 'pdf-raw-renderer.mjs'), contentFile], { stdio: ['pipe', 'pipe', 'inherit'] });
    onCleanup(() => { renderer.kill(); fs.rmSync(contentFile, { force: true }); });
    const answers = readline.createInterface({ input: renderer.stdout })[Symbol.asyncIterator]();
    const { Queue } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(stack.env.REDIS_URL, { maxRetriesPerRequest: null, connectTimeout: 30_000 });
    connection.on('error', () => {}); // a slow connect on a loaded machine is retried; commands wait for it
    const queue = new Queue('pdf', { connection, prefix: 'brokerage' });
    const raw = async () => {
      renderer.stdin.write(`${JOBS}\n`);
      const { value, done } = await answers.next();
      if (done) throw new Error('the raw renderer exited');
      return JSON.parse(value);
    };
    const worker = async () => {
      const run = randomUUID();
      const keys = Array.from({ length: JOBS }, (_, i) => `bench-pdf:${run}:${i}`);
      const c0 = cpuMs(stack.pids.pdf);
      const t0 = Date.now();
      // recorded first, as POST /internal/pdf-jobs does (ensurePending, then enqueue)
      await db.query(
        `INSERT INTO documents.generated_pdfs (job_key, title, payload) SELECT k, $2, $3::jsonb || jsonb_build_object('key', k) FROM unnest($1::text[]) AS k`,
        [keys, payload.title, JSON.stringify(payload)],
      );
      await queue.addBulk(keys.map((key) => ({ name: 'render', data: { ...payload, key }, opts: { jobId: key.replace(/:/g, '-'), attempts: 1, removeOnComplete: true } })));
      let last = 0;
      for (const key of keys) last = Math.max(last, await readyAt(key, 120_000));
      return { rate: JOBS / ((last - t0) / 1000), cpuMsPerPdf: (cpuMs(stack.pids.pdf) - c0) / JOBS };
    };
    await raw(); await worker(); // warm-up
    const raws = []; const workers = []; let size = 0; const cpuPer = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [r, w] = i % 2 ? [null, await worker()] : [await raw(), null];
      const r2 = r ?? await raw(); const w2 = w ?? await worker();
      raws.push(r2.rate); workers.push(w2.rate); size = r2.bytes; cpuPer.push(w2.cpuMsPerPdf);
      console.log(`  round ${i + 1}: raw pdfkit ${r2.rate.toFixed(1)} PDFs/s, worker ${w2.rate.toFixed(1)} PDFs/s, ratio ${(w2.rate / r2.rate).toFixed(2)}`);
    }
    const ratios = workers.map((w, i) => w / raws[i]);
    const ratio = median(ratios);
    console.log(`\n${JOBS} questionnaire PDFs (${(size / 1024).toFixed(0)} KB each) per run, ${ROUNDS} rounds:`);
    console.log(`  raw pdfkit (own process, worker's flags, no I/O)  ${median(raws).toFixed(1)} PDFs/s (${range(raws, 1)})`);
    console.log(`  worker (render + S3 put + document row, c=4)      ${median(workers).toFixed(1)} PDFs/s (${range(workers, 1)}), worker CPU ${median(cpuPer).toFixed(0)} ms/PDF`);
    console.log(`  ratio ${ratio.toFixed(2)} (per round ${range(ratios)})  ${ratio >= RATE_TARGET ? 'OK' : `MISSED (target ≥ ${RATE_TARGET})`}`);
    if (ratio < RATE_TARGET) ok = false;
    results.rate = { jobs: JOBS, rawPerS: raws, workerPerS: workers, ratios, median: ratio, workerCpuMsPerPdf: cpuPer };
    await queue.close();
    connection.disconnect();
  }
  await db.end();
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'pdf-throughput.json'), JSON.stringify(results, null, 2));
  await cleanup();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err) => { console.error(err); await cleanup(); process.exit(1); });
