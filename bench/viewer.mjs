// npm run bench:viewer — issue 23 §1/§3: BUYERS buyers read a PAGES-page CIM in the in-portal viewer at once, through
// the whole stack (gateway → documents, embedded PostgreSQL/Redis/S3, demo seed), side by side with the same buyers
// downloading the same file whole:
//   - page from cache: GET /api/buyer/documents/{id}/pages/{n} once each buyer's pages are rendered (target p99 ≤ 300 ms)
//   - engagement write: POST /api/buyer/documents/{id}/engagement (target p99 ≤ 5 ms, read on the write as documents
//     takes it: its Server-Timing `handler`, the access rule and the append; the round trip through the gateway, which
//     also carries every page image, is printed beside it; each buyer's first report apart from the later ones)
//   - whole download: GET /api/buyer/download-document/{id} (the CIM watermarked for each buyer), all buyers at once
// Reading: every buyer at once turns a page every --page-ms (a skim: 2 s; each starts at a random point of its first
// page) and reports its page time as the viewer does, batched, at most every --report-ms (10 s) and at the end.
// --page-ms 0: back to back, a report after every page (the machine's saturation, not a reading: the 1st figures).
// Warm-up: --render-buyers buyers (2) have all their pages rendered by the server (a stamped copy each, pdftoppm per
// page: the first-rendering figures); the other buyers' caches are filled with copies of those pages under their own
// keys (the viewer's key scheme, from the built service), as rendering 200 × 50 pages takes an hour of CPU here: the
// read path (access rule, S3 read of a page of the same size, the answer) is the same.
// --no-access-cache: documents asks listings on every request (LISTING_ACCESS_CACHE_MS=0: the figures before).
// Targets are printed, not enforced (a shared 2-core machine: say the load average; BENCH_PRIORITY=1: see portal-stack).
//   node bench/viewer.mjs [--buyers 200] [--pages 50] [--read 50] [--page-ms 2000] [--report-ms 10000]
//                         [--render-buyers 2] [--warm-concurrency 4] [--no-access-cache]
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { percentiles, runBench, sleep } from './lib/listings-harness.mjs';
import { loadLine, raisePriority, signIn, startPortalStack } from './lib/portal-stack.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const BUYERS = arg('buyers', 200);
const PAGES = arg('pages', 50);
const READ = Math.min(arg('read', PAGES), PAGES);
const WARM_CONCURRENCY = arg('warm-concurrency', 4);
const PAGE_MS = arg('page-ms', 2000);
const REPORT_MS = arg('report-ms', 10_000);
const RENDER_BUYERS = Math.max(1, arg('render-buyers', 2));
const ACCESS_CACHE = !args.includes('--no-access-cache');
const LISTING = '00000000-0000-4000-8000-000000000101'; // demo listing 1 (its broker and agent)

async function cim(pages) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const p = pdf.addPage([612, 792]);
    p.drawText(`Confidential Business Review - page ${i}`, { x: 60, y: 720, size: 20, font });
    for (let l = 0; l < 40; l++) p.drawText(`Line ${l + 1}: revenue, margins, staff, lease terms and growth for the bench document.`, { x: 60, y: 680 - l * 15, size: 10, font });
  }
  return Buffer.from(await pdf.save());
}

function request(agent, url, { method = 'GET', token, body, contentType } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const headers = { 'x-session-token': token, 'sec-fetch-site': 'same-origin' };
    if (body) Object.assign(headers, { 'content-type': contentType ?? 'application/json', 'content-length': String(body.length) });
    const req = http.request(url, { method, agent, headers }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (c) => { bytes += c.length; if (bytes < 65536) chunks.push(c); });
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0, bytes, text: Buffer.concat(chunks).toString('utf8', 0, Math.min(bytes, 2000)), timing: serverTiming(res.headers['server-timing']) }));
    });
    // a network error (a reset connection) is a failed request, counted with the refusals, not the end of the run
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - t0, bytes: 0, text: `${err.code ?? ''} ${err.message}`, timing: {} }));
    req.end(body);
  });
}

/** A Server-Timing header as {name: ms} (the engagement write's: write, handler). */
function serverTiming(h) {
  return Object.fromEntries(String(h ?? '').split(',').map((m) => /^\s*([\w-]+)(?:;dur=([\d.]+))?\s*$/.exec(m)).filter(Boolean).map((m) => [m[1], Number(m[2] ?? 0)]));
}

function multipart(fields, name, buf) {
  const boundary = `----bench${randomUUID()}`;
  const head = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const body = Buffer.concat([Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`), buf, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Runs fn over items, at most n at once. */
async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/**
 * Fills the page cache of `others` with the pages `rendered` buyers' viewers made (round robin), each under the key the
 * viewer reads for that buyer (viewerKeys of the built service, the stamp of today), through the S3 API.
 */
async function fillCaches(stack, db, doc, rendered, others) {
  if (!others.length) return 0;
  const { viewerKeys } = await import('../services/documents/dist/src/viewer/viewer.service.js');
  const { watermarkText } = await import('../services/documents/dist/src/downloads/watermark.js');
  const { Client } = await import('minio');
  const u = new URL(stack.env.S3_ENDPOINT);
  const s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: stack.env.S3_ACCESS_KEY, secretKey: stack.env.S3_SECRET_KEY, region: stack.env.S3_REGION, pathStyle: true });
  const bucket = stack.env.S3_BUCKET ?? 'brokerage';
  const row = (await db.query('SELECT id, listing_id AS "listingId", storage_key AS "storageKey" FROM documents.documents WHERE id = $1', [doc])).rows[0];
  const users = new Map((await db.query('SELECT id, name, email FROM identity.users WHERE id = ANY($1::uuid[])', [[...rendered, ...others].map((b) => b.id)])).rows.map((u) => [u.id, u]));
  const keysOf = (b) => {
    const u = users.get(b.id);
    return viewerKeys(row, { sub: u.id, role: 'BUYER', name: u.name, email: u.email }, watermarkText(u.name, u.email, new Date()));
  };
  const read = async (key) => {
    const chunks = [];
    for await (const c of await s3.getObject(bucket, key)) chunks.push(c);
    return Buffer.concat(chunks);
  };
  const sources = await Promise.all(rendered.map(async (b) => Promise.all(Array.from({ length: READ }, (_, i) => read(keysOf(b).page(i + 1, 'page'))))));
  const jobs = others.flatMap((b, i) => Array.from({ length: READ }, (_, n) => ({ key: keysOf(b).page(n + 1, 'page'), png: sources[i % sources.length][n] })));
  await pool(jobs, 8, ({ key, png }) => s3.putObject(bucket, key, png, png.length, { 'Content-Type': 'image/png' }));
  return jobs.length;
}

/** CPU seconds used so far by every process of the machine, per pid (name: its command line's first words). */
function cpuByProcess() {
  const out = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const main = cmd.find((c) => /dist\/|\.m?js$|postgres|redis|s3|minio/.test(c)) ?? cmd.slice(0, 2).join(' ');
      const name = main.replace(/^.*\/(services\/[^/]+|gateway)\/.*$/, '$1').replace(/^.*\/node_modules\/(\.bin\/)?/, '').slice(0, 50);
      out.set(pid, { name, s: (Number(f[11]) + Number(f[12])) / 100 });
    } catch { /* gone */ }
  }
  return out;
}
/** The processes that used the most CPU between two readings (the whole machine's, other helpers' included). */
function cpuTop(before, after, secs, n = 8) {
  const d = [...after].map(([pid, a]) => ({ pid, name: a.name, s: a.s - (before.get(pid)?.s ?? 0) })).filter((x) => x.s > 0.05);
  const byName = new Map();
  for (const x of d) byName.set(x.name, (byName.get(x.name) ?? 0) + x.s);
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, s]) => `${(s / secs * 100).toFixed(0)}% ${name}`).join('; ');
}

/** CPU seconds a process used so far (Linux /proc; NaN once gone). */
function procCpu(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return NaN; }
}
/** CPU seconds of this stack's own processes (by label: documents, gateway, …) and of this process (clients + S3). */
function stackCpu(stack) {
  const out = { bench: (process.cpuUsage().user + process.cpuUsage().system) / 1e6 };
  for (const [label, pid] of Object.entries(stack.pids)) out[label.replace(/#\d+$/, '')] = (out[label.replace(/#\d+$/, '')] ?? 0) + procCpu(pid);
  if (stack.s3Pid) out.s3 = procCpu(stack.s3Pid);
  return out;
}

const fmt = (p) => `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (n ${p.n})`;

await runBench(async () => {
  const pace = PAGE_MS > 0 ? `a page every ${PAGE_MS} ms, reports at most every ${REPORT_MS} ms` : 'back to back, a report after every page';
  console.log(`viewer bench: ${BUYERS} buyers, a ${PAGES}-page CIM, ${READ} pages read each (${pace}); access cache ${ACCESS_CACHE ? 'on' : 'OFF'}; ${loadLine()} (shared machine: figures vary with the load)`);
  const stack = await startPortalStack(ACCESS_CACHE ? {} : { LISTING_ACCESS_CACHE_MS: '0' }, { s3Process: true });
  const raised = raisePriority();
  if (raised) console.log(`BENCH_PRIORITY: ${raised} processes of this bench at autogroup nice -10 (other work on the machine yields to them)`);
  const base = `${stack.url.replace('localhost', '127.0.0.1')}/api`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const { token: brokerToken } = await signIn(stack, 'broker@example.com');
  const { default: pg } = await import('pg');
  const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 4 });
  db.on('error', () => {});

  // BUYERS buyers with a session each, parties of listing 1 with every step done (past the NDA and the CIM's step 4)
  const prefix = `viewerbench${randomBytes(8).toString('hex')}`;
  await db.query(
    `INSERT INTO identity.users (name, email, phone, role, is_active, password_hash, password_set_at, manager_id)
     SELECT 'Viewer Buyer ' || g, 'viewer.' || g || '@bench.example.com', '555-0100', 'BUYER', true, NULL, NULL, NULL FROM generate_series(1, $1::int) g`,
    [BUYERS],
  );
  const buyers = (await db.query(
    `WITH u AS (SELECT id, $1 || '-' || split_part(split_part(email, '@', 1), '.', 2) AS token FROM identity.users WHERE email LIKE 'viewer.%@bench.example.com'),
          s AS (INSERT INTO identity.sessions (user_id, token_hash, expires_at)
                SELECT id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now() + interval '1 day' FROM u)
     SELECT id, token FROM u ORDER BY id`,
    [prefix],
  )).rows;
  await db.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) SELECT $1, id, 'approved' FROM unnest($2::uuid[]) id`, [LISTING, buyers.map((b) => b.id)]);
  await db.query(
    `INSERT INTO listings.journeys (user_id, listing_id, kind, current_step, completed_at, completed_by)
     SELECT b, $1::uuid, 'BUYER', 10, array_fill(now(), ARRAY[11]), array_fill(b::text, ARRAY[11]) FROM unnest($2::uuid[]) b`,
    [LISTING, buyers.map((b) => b.id)],
  );

  const pdf = await cim(PAGES);
  const up = multipart({ documentType: 'CBR_CIM' }, 'bench-cim.pdf', pdf);
  const uploaded = await request(agent, `${base}/broker/listings/${LISTING}/documents`, { method: 'POST', token: brokerToken, ...up });
  if (uploaded.status >= 300) throw new Error(`upload answered ${uploaded.status}: ${uploaded.text.slice(0, 300)}`);
  const parsed = JSON.parse(uploaded.text);
  const doc = (parsed.documents ?? parsed.data ?? [parsed])[0]?.id ?? parsed.id;
  console.log(`${buyers.length} buyers ready; CIM ${doc}: ${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KiB`);

  // warm-up: every buyer opens the CIM (its page count); RENDER_BUYERS buyers have their READ pages rendered
  const cold = [];
  const tWarm = performance.now();
  let failures = 0;
  const rendered = buyers.slice(0, Math.min(RENDER_BUYERS, buyers.length));
  await pool(buyers, WARM_CONCURRENCY, async (b) => {
    const open = await request(agent, `${base}/buyer/documents/${doc}/pages`, { token: b.token });
    if (open.status !== 200) throw new Error(`open answered ${open.status}: ${open.text.slice(0, 200)}`);
  });
  await pool(rendered.flatMap((b) => Array.from({ length: READ }, (_, i) => ({ b, n: i + 1 }))), WARM_CONCURRENCY, async ({ b, n }) => {
    const r = await request(agent, `${base}/buyer/documents/${doc}/pages/${n}`, { token: b.token });
    if (r.status === 200) cold.push(r.ms);
    else failures++;
  });
  console.log(`warm-up (first rendering, ${rendered.length} buyers × ${READ} pages, ${WARM_CONCURRENCY} at once): ${fmt(percentiles(cold))}; ${((performance.now() - tWarm) / 1000).toFixed(1)} s in all, ${failures} failed`);
  const tFill = performance.now();
  const filled = await fillCaches(stack, db, doc, rendered, buyers.slice(rendered.length));
  console.log(`cache of the other ${buyers.length - rendered.length} buyers filled with copies of those pages: ${filled} objects, ${((performance.now() - tFill) / 1000).toFixed(1)} s`);

  // all buyers at once: each reads its pages from the cache, reporting each page's time after it
  const pageMs = [];
  const writeMs = [];
  const serverWriteMs = [];
  const serverHandlerMs = [];
  const pageBytes = [];
  const openMs = []; // each buyer opening the document in the viewer (GET …/pages) before its first page
  const pageHandlerMs = []; // documents' Server-Timing `handler` of a page: its rule and the read from S3
  const slowPages = []; // when (s into the reading) a page took over 500 ms
  let refused = 0;
  const refusals = new Map();
  const refusal = (r, what) => {
    refused++;
    const k = `${what} ${r.status} ${r.text.slice(0, 120)}`;
    refusals.set(k, (refusals.get(k) ?? 0) + 1);
  };
  const tRead = performance.now();
  const cpu0 = cpuByProcess();
  const own0 = stackCpu(stack);
  let onTicket = 0; // reports taken on the opening's view ticket (the others: the viewer's rule asked)
  const firstHandlerMs = []; // each buyer's first report: the process that takes it has not their access answer yet
  const reported = new Set();
  const report = async (b, pages) => {
    const w = await request(agent, `${base}/buyer/documents/${doc}/engagement`, { method: 'POST', token: b.token, body: Buffer.from(JSON.stringify(b.ticket ? { pages, ticket: b.ticket } : { pages })) });
    if (w.status === 204) {
      if (w.timing.ticket !== undefined) onTicket++;
      writeMs.push(w.ms);
      if (w.timing.write !== undefined) serverWriteMs.push(w.timing.write);
      if (w.timing.handler !== undefined) (reported.has(b.id) ? serverHandlerMs : firstHandlerMs).push(w.timing.handler);
      reported.add(b.id);
    } else refusal(w, 'report');
  };
  await Promise.all(buyers.map(async (b) => {
    if (PAGE_MS > 0) await sleep(Math.random() * PAGE_MS);
    // as the viewer does: the document opened (its pages listed), then its pages read
    const o = await request(agent, `${base}/buyer/documents/${doc}/pages`, { token: b.token });
    if (o.status === 200) openMs.push(o.ms); else refusal(o, 'open');
    try { b.ticket = JSON.parse(o.text).ticket; } catch { b.ticket = undefined; } // its reports carry it, as the viewer's do
    let unsent = [];
    let lastReport = performance.now();
    for (let n = 1; n <= READ; n++) {
      const t0 = performance.now();
      const r = await request(agent, `${base}/buyer/documents/${doc}/pages/${n}`, { token: b.token });
      if (r.status === 200) {
        pageMs.push(r.ms);
        pageBytes.push(r.bytes);
        if (r.timing.handler !== undefined) pageHandlerMs.push(r.timing.handler);
        if (r.ms > 500) slowPages.push(Math.round((performance.now() - tRead) / 1000));
      } else refusal(r, 'page');
      if (PAGE_MS === 0) { await report(b, [{ page: n, ms: 1000 + n }]); continue; }
      await sleep(Math.max(0, PAGE_MS - (performance.now() - t0)));
      unsent.push({ page: n, ms: PAGE_MS });
      if (performance.now() - lastReport >= REPORT_MS || n === READ) {
        const batch = unsent;
        unsent = [];
        lastReport = performance.now();
        await report(b, batch);
      }
    }
  }));
  const readSecs = (performance.now() - tRead) / 1000;
  const cpuRead = cpuTop(cpu0, cpuByProcess(), readSecs);
  const own1 = stackCpu(stack);
  const perPage = ['documents', 'gateway', 'listings', 'identity', 's3', 'bench'].filter((k) => own1[k] !== undefined)
    .map((k) => `${k} ${(((own1[k] - own0[k]) * 1000) / Math.max(1, pageMs.length)).toFixed(2)}`).join(', ');

  // the same buyers at once downloading the same file whole (watermarked for each)
  const downloadMs = [];
  let bytes = 0;
  const tDown = performance.now();
  await Promise.all(buyers.map(async (b) => {
    const r = await request(agent, `${base}/buyer/download-document/${doc}`, { token: b.token });
    if (r.status === 200) { downloadMs.push(r.ms); bytes += r.bytes; } else refusal(r, 'download');
  }));
  const downSecs = (performance.now() - tDown) / 1000;

  const staff = await request(agent, `${base}/broker/listings/${LISTING}/engagement`, { token: brokerToken });

  // the engagement write alone: the service's own statement (EngagementRepository.add, from the built service) from
  // here, a report of 5 pages per buyer, 4 at once: what the database costs of a report, without the HTTP hops
  const { EngagementRepository } = await import('../services/documents/dist/src/engagement/engagement.repository.js');
  const repo = new EngagementRepository({ query: async (sql, params) => (await db.query(sql, params)).rows });
  const dbWriteMs = [];
  await Promise.all(Array.from({ length: 4 }, () => db.query('SELECT 1'))); // the pool's 4 connections made first (their sign-in is no write)
  await pool(buyers, 4, async (b) => {
    const t0 = performance.now();
    await repo.add({ buyerId: b.id, buyerName: 'Viewer Buyer', documentId: doc, listingId: LISTING, version: 1, pageCount: PAGES, pages: [1, 2, 3, 4, 5].map((page) => ({ page, ms: 1000 })) });
    dbWriteMs.push(performance.now() - t0);
  });

  const pageP = percentiles(pageMs);
  const writeP = percentiles(writeMs);
  const downP = percentiles(downloadMs);
  console.log('');
  console.log(`page from cache   : ${fmt(pageP)}  — ${(pageMs.length / readSecs).toFixed(0)} pages/s, ${(pageBytes.reduce((a, b) => a + b, 0) / Math.max(1, pageBytes.length) / 1024).toFixed(0)} KiB a page   target p99 ≤ 300 ms: ${pageP.p99 <= 300 ? 'met' : 'NOT met'}`);
  console.log(`  opening first   : ${fmt(percentiles(openMs))} (GET …/pages, as the viewer does before page 1)`);
  console.log(`  in documents    : ${fmt(percentiles(pageHandlerMs))} (its Server-Timing \`handler\`: the rule and the read from S3)`);
  if (slowPages.length) console.log(`  over 500 ms     : ${slowPages.length} pages, at ${[...new Set(slowPages)].join(', ')} s into the reading`);
  const handlerP = percentiles([...serverHandlerMs, ...firstHandlerMs]);
  console.log(`engagement write  : ${fmt(handlerP)}  target p99 ≤ 5 ms: ${handlerP.p99 <= 5 ? 'met' : 'NOT met'}  (in documents: the access rule + the append, its Server-Timing \`handler\`)`);
  if (firstHandlerMs.length && serverHandlerMs.length) console.log(`  each buyer's 1st: ${fmt(percentiles(firstHandlerMs))}; the later ones ${fmt(percentiles(serverHandlerMs))}`);
  console.log(`  on its ticket   : ${onTicket} of ${writeMs.length} reports (the rest through the viewer's rule: no ticket, or its listing changed)`);
  console.log(`  the append alone: ${fmt(percentiles(serverWriteMs))} (the journal's write(2); the Redis stream and PostgreSQL follow off the request)`);
  console.log(`  round trip      : ${fmt(writeP)} (from the clients through the gateway, which also carries every page image)`);
  console.log(`  its DB statement: ${fmt(percentiles(dbWriteMs))} (EngagementRepository.add from the bench, 4 at once, after the reading)`);
  console.log(`whole download    : ${fmt(downP)}  — ${(bytes / 1024 / 1024 / downSecs).toFixed(1)} MiB/s, ${(downloadMs.length / downSecs).toFixed(1)} files/s`);
  console.log(`side by side      : reading ${READ} pages from cache took ${readSecs.toFixed(1)} s for ${buyers.length} buyers (with the reports); the whole file ${downSecs.toFixed(1)} s; one page p50 / one download p50 = ${(pageP.p50 / downP.p50).toFixed(3)}`);
  console.log(`CPU while reading : ${cpuRead}`);
  console.log(`CPU per page read: ${perPage} ms (this stack's own processes, its reports included; bench = the ${buyers.length} clients; s3 = the embedded S3 server: less load-sensitive than the times)`);
  console.log(`refused or failed : ${refused}${refusals.size ? ` (${[...refusals].map(([k, n]) => `${n}× ${k}`).join('; ')})` : ''}; staff engagement view answered ${staff.status} (${(staff.bytes / 1024).toFixed(0)} KiB)`);
  if (refused) {
    for (const label of ['documents', 'gateway']) {
      const lines = stack.logTail(label).filter((l) => /error|"level":(40|50)|WARN|ERROR/i.test(l)).slice(-8);
      if (lines.length) console.log(`${label}'s last warnings:\n  ${lines.map((l) => l.slice(0, 400)).join('\n  ')}`);
    }
  }
  console.log(`after: ${loadLine()}`);
  await db.end();
  return refused === 0 && failures === 0;
});
