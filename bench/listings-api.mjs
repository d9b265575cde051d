#!/usr/bin/env node
// Listings API under load: 10,000 listings (≈ 20,000 buyer parties, 5,000 NDAs) and 50,000 journeys seeded into a bench
// stack (embedded PostgreSQL + Redis, the built listings service, an identity stand-in for names), then an open loop
// of RATE req/s for SECONDS s on each of
//   GET /broker/dashboard              (five counts over every listing)
//   GET /broker/listings               (first page, 50 listings with buyers and names; the list is paged, see
//                                       contracts listingsQuerySchema: the spec's "all listings" is megabytes at 10,000)
// Prints p50/p95/p99 per route. Target: p99 ≤ 25 ms at 100 req/s. Exit 1 when missed.
//   node bench/listings-api.mjs [--rate 100] [--seconds 20]
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, cpuMs } from './lib/gateway-harness.mjs';
import { openLoop, percentiles, runBench, startListingsHarness } from './lib/listings-harness.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const RATE = arg('rate', 100);
const SECONDS = arg('seconds', 20);
const TARGET_MS = 25;
const LISTINGS = 10_000;
const JOURNEYS = 50_000;

async function seed(db) {
  const t0 = Date.now();
  await db.query(`INSERT INTO listings.listings (id, title, description, price, status, seller_id, agent_id, created_at, closed_at)
    SELECT md5('l' || g)::uuid, 'Business ' || g, 'A business for sale, number ' || g, (50000 + g * 37)::numeric(14,2),
      (ARRAY['ACTIVE','ACTIVE','ACTIVE','UNDER_CONTRACT','CLOSED','INACTIVE'])[1 + g % 6],
      md5('s' || (g % 2000))::uuid, md5('a' || (g % 40))::uuid, now() - make_interval(days => g % 400),
      CASE WHEN g % 6 = 4 THEN now() - make_interval(days => g % 300) END
    FROM generate_series(1, ${LISTINGS}) g`);
  await db.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status)
    SELECT md5('l' || (1 + g % ${LISTINGS}))::uuid, md5('b' || g)::uuid, (ARRAY['interested','approved','rejected'])[1 + g % 3]
    FROM generate_series(1, ${LISTINGS * 2}) g`);
  await db.query(`INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, agreement_accepted, signer_name, signed_at)
    SELECT md5('b' || g)::uuid, md5('l' || (1 + g % ${LISTINGS}))::uuid, 'F', 'L', 'b' || g || '@example.com', '1', true, 'F L', now()
    FROM generate_series(1, 5000) g`);
  await db.query(`INSERT INTO listings.journeys (user_id, listing_id, kind, current_step, completed_at, completed_by)
    SELECT md5('j' || g)::uuid, md5('l' || (1 + g % ${LISTINGS}))::uuid, CASE WHEN g % 5 = 0 THEN 'SELLER' ELSE 'BUYER' END, g % 11,
      array_fill(now(), ARRAY[11]), array_fill('bench'::text, ARRAY[11])
    FROM generate_series(1, ${JOURNEYS}) g`);
  await db.query('ANALYZE');
  return Date.now() - t0;
}

const fmt = (n) => n.toFixed(1).padStart(7);
let failed = false;
await runBench(async () => {
    const h = await startListingsHarness();
    const seedMs = await seed(h.db);
    const counts = (await h.db.query(`SELECT (SELECT count(*) FROM listings.listings)::int AS l, (SELECT count(*) FROM listings.journeys)::int AS j`)).rows[0];
    console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
    console.log(`seeded ${counts.l} listings, ${counts.j} journeys in ${(seedMs / 1000).toFixed(1)} s`);
    const headers = { 'x-identity-token': await h.identityToken({ sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker' }) };
    const get = (p) => async () => { const r = await fetch(h.url + p, { headers }); await r.arrayBuffer(); return r.status === 200; };
    const first = await (await fetch(`${h.url}/broker/listings`, { headers })).json();
    console.log(`GET /broker/listings answers ${first.listings.length} of total ${first.total} (${JSON.stringify(first).length} bytes)`);
    const results = {};
    for (const route of ['/broker/dashboard', '/broker/listings']) {
      await openLoop(get(route), { rate: RATE, seconds: 2 }); // warm-up
      // closed loop first: the cost of one request without queueing, and the service's CPU per request
      const closed = [];
      const cpu0 = cpuMs(h.pid);
      for (let i = 0; i < 200; i++) { const t = performance.now(); await get(route)(); closed.push(performance.now() - t); }
      const cpuPerReq = (cpuMs(h.pid) - cpu0) / 200;
      const c = percentiles(closed);
      const { lat, dropped, errors } = await openLoop(get(route), { rate: RATE, seconds: SECONDS });
      const p = percentiles(lat);
      results[route] = { open: { ...p, dropped, errors }, closed: c, serviceCpuMsPerRequest: cpuPerReq };
      const ok = p.p99 <= TARGET_MS && !errors && !dropped;
      if (!ok) failed = true;
      console.log(`${route.padEnd(20)} closed loop: p50 ${fmt(c.p50)} ms  p99 ${fmt(c.p99)} ms; listings CPU ${cpuPerReq.toFixed(2)} ms/request`);
      console.log(`${''.padEnd(20)} open ${RATE}/s: n=${p.n} p50 ${fmt(p.p50)} ms  p95 ${fmt(p.p95)} ms  p99 ${fmt(p.p99)} ms  max ${fmt(p.max)} ms  errors ${errors} dropped ${dropped}  ${ok ? 'OK' : `MISSED (target p99 ≤ ${TARGET_MS} ms)`}`);
    }
    const out = path.join(ROOT, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'listings-api.json'), JSON.stringify({ at: new Date().toISOString(), rate: RATE, seconds: SECONDS, listings: LISTINGS, journeys: JOURNEYS, results }, null, 2));
    return !failed;
});
