#!/usr/bin/env node
// Journey events: 1,000 concurrent POST /internal/journeys/events (distinct eventIds, every event step of a buyer) for
// ONE journey, against the built listings service on a bench stack; then the same 1,000 again (duplicates). Checks one
// consistent state: every event applied exactly once (1,000 rows in journey_events, replays all duplicate), the journey's
// steps and cursor what the rules give (steps 0-7 and 9 completed, current step 8), no error. Prints time and rate.
//   node bench/journey-events.mjs [--events 1000]
import { randomUUID } from 'node:crypto';
import { runBench, startListingsHarness } from './lib/listings-harness.mjs';

const args = process.argv.slice(2);
const EVENTS = args.includes('--events') ? Number(args[args.indexOf('--events') + 1]) : 1000;
const BUYER = '00000000-0000-4000-8000-000000000004';
const EVENT_STEPS = [1, 2, 3, 4, 5, 6, 7, 9];

let failed = false;
await runBench(async () => {
    const h = await startListingsHarness();
    const { rows: [{ id: listingId }] } = await h.db.query(
      `INSERT INTO listings.listings (title, price, seller_id) VALUES ('Bench listing', 1, gen_random_uuid()) RETURNING id`);
    await h.db.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id) VALUES ($1, $2)`, [listingId, BUYER]);
    const buyer = { 'x-identity-token': await h.identityToken({ sub: BUYER, role: 'BUYER', name: 'Blake Buyer' }), 'content-type': 'application/json' };
    const sel = await fetch(`${h.url}/buyer/select-listing`, { method: 'POST', headers: buyer, body: JSON.stringify({ listingId }) });
    if (sel.status !== 200) throw new Error(`select-listing ${sel.status}`);
    const svc = { 'x-identity-token': await h.identityToken({ role: 'SERVICE', name: 'documents' }), 'content-type': 'application/json' };
    const events = Array.from({ length: EVENTS }, (_, i) => ({ eventId: randomUUID(), userId: BUYER, stepId: EVENT_STEPS[i % EVENT_STEPS.length], source: 'bench' }));
    const send = (e) => fetch(`${h.internalUrl}/internal/journeys/events`, { method: 'POST', headers: svc, body: JSON.stringify(e) }).then(async (r) => ({ status: r.status, body: await r.json() }));

    for (const round of ['first', 'replay']) {
      const t0 = performance.now();
      const res = await Promise.all(events.map(send));
      const ms = performance.now() - t0;
      const bad = res.filter((r) => r.status !== 200).length;
      const applied = res.filter((r) => r.body.applied).length;
      const dup = res.filter((r) => r.body.duplicate).length;
      console.log(`${round.padEnd(6)} ${EVENTS} concurrent events in ${ms.toFixed(0)} ms (${((EVENTS / ms) * 1000).toFixed(0)}/s): applied ${applied}, duplicate ${dup}, errors ${bad}`);
      const want = round === 'first' ? [EVENTS, 0] : [0, EVENTS];
      if (bad || applied !== want[0] || dup !== want[1]) failed = true;
    }
    const { rows: [{ n }] } = await h.db.query(`SELECT count(*)::int AS n FROM listings.journey_events`);
    const p = await (await fetch(`${h.url}/buyer/progress`, { headers: buyer })).json();
    const done = p.steps.filter((s) => s.completed).map((s) => s.id);
    const consistent = n === EVENTS && p.currentStep === 8 && JSON.stringify(done) === JSON.stringify([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    console.log(`state: ${n} recorded events, currentStep ${p.currentStep}, completed steps [${done}] → ${consistent ? 'consistent' : 'INCONSISTENT'}`);
    if (!consistent) failed = true;
    return !failed;
});
