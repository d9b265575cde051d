import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { API_ROUTES, type ApiRoute } from '@brokerage/contracts';
import { seedWorld, type Actor, type World } from './access-world';
import { paramValue } from './access-expectations';
import { bodyArbitrary, encodeHostile, jsonText, queryArbitrary, HOSTILE_STRINGS } from '../../support/fuzz-arbitraries';
import { REPO_ROOT } from '../../support/stack-state';

/**
 * Property-based fuzzing of every JSON route (issue 18 §2): bodies and query strings generated from the route's zod
 * schemas with hostile values mixed in, and hostile path parameters, sent as an actor the route allows (on the matrix's
 * world, never the demo data). Property: never a 5xx, every answer JSON with a message when it is an error.
 * CI runs FUZZ_RUNS (default 4) bodies per route; `npm run fuzz` runs 1,000 and prints the answers by status class.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
/** Up to this many bodies a route, fast-check shrinks a failure to its smallest input; above it they run in parallel. */
const SHRINK_UP_TO = 100;
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const jsonRoutes = API_ROUTES.filter((r) => !r.multipart && r.method !== 'DELETE' && !isSessionEnding(r));
const byClass: Record<string, number> = {};
const byRoute: Record<string, Record<string, number>> = {};
let world: World;

function isSessionEnding(r: ApiRoute) {
  return r.path === '/auth/logout';
}

/** The actor whose role the route allows: the broker first, then the world's owner of each role. */
function actorFor(r: ApiRoute): Actor {
  if (r.roles === 'public') return 'anonymous';
  for (const [role, actor] of [['BROKER', 'broker'], ['SELLER', 'seller'], ['BUYER', 'buyer'], ['AGENT', 'agent']] as const) {
    if (r.roles.includes(role)) return actor;
  }
  return 'broker';
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  world = await seedWorld(request);
});

test.afterAll(() => {
  const out = path.join(REPO_ROOT, 'test-results', 'fuzz.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ runsPerRoute: RUNS, seed: SEED, routes: jsonRoutes.length, byClass, byRoute }, null, 2));
  console.log(`fuzz: ${jsonRoutes.length} JSON routes × ${RUNS} bodies (seed ${SEED}), answers by status class: ${JSON.stringify(byClass)}`);
});

for (const route of jsonRoutes) {
  test(`fuzz ${route.method} ${route.path}`, async ({ request }) => {
    test.setTimeout(60_000 + RUNS * 400);
    const actor = actorFor(route);
    const headers = world.headers[actor];
    const counts: Record<string, number> = (byRoute[`${route.method} ${route.path}`] = {});
    const hasBody = route.method !== 'GET';
    const params = (route.path.match(/:\w+/g) ?? []).map((p) => p.slice(1));
    const pathParams = fc.record(Object.fromEntries(params.map((p) => [p, fc.oneof(
      { weight: 3, arbitrary: fc.constant(paramValue(route, p, world, {})) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 5000 && s !== '')) },
    )])));
    const inputs = fc.tuple(pathParams, hasBody ? bodyArbitrary(route.body) : fc.constant(undefined), queryArbitrary(route.query));
    const check = async ([pp, body, query]: [Record<string, string>, unknown, string]) => {
        const url = '/api' + route.path.replace(/:(\w+)/g, (_, n: string) => encodeHostile(String(pp[n]))) + (query ? `?${query}` : '');
        const data = hasBody ? jsonText(body) : undefined;
        const send = () => request.fetch(url, {
          method: route.method,
          headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(data !== undefined ? { data } : {}),
          failOnStatusCode: false,
        });
        let res;
        try {
          // A kept-alive socket the server closed after a refused request (431, 413) resets the next request sent on
          // it before any byte is read; clients (browsers, Node's agent) send such a request again on a new socket.
          res = await send().catch((err: unknown) => {
            if (!/ECONNRESET/.test(String(err))) throw err;
            byClass['retried after a reset'] = (byClass['retried after a reset'] ?? 0) + 1;
            return send();
          });
        } catch (err) {
          // A body over the gateway's 1 MB JSON limit may be refused (413) and the socket closed while it is still sent.
          if (data && data.length > 1_048_576 && /EPIPE|ECONNRESET/.test(String(err))) {
            byClass['4xx (closed early)'] = (byClass['4xx (closed early)'] ?? 0) + 1;
            return;
          }
          throw err;
        }
        const cls = `${Math.floor(res.status() / 100)}xx`;
        byClass[cls] = (byClass[cls] ?? 0) + 1;
        counts[cls] = (counts[cls] ?? 0) + 1;
        const text = await res.text();
        expect(res.status(), `${route.method} ${url.slice(0, 200)} body ${(data ?? '').slice(0, 200)} → ${text.slice(0, 200)}`).toBeLessThan(500);
        // Node's HTTP parser answers an oversized head (431) or URL (414) itself; every other refusal says why in JSON.
        if (res.status() >= 400 && res.status() !== 431 && res.status() !== 414) expect(typeof JSON.parse(text).message).toBe('string');
    };
    if (RUNS <= SHRINK_UP_TO) {
      await fc.assert(fc.asyncProperty(inputs, check), { numRuns: RUNS, seed: SEED, endOnFailure: true });
      return;
    }
    // Long runs: the same inputs (same seed), sent CONCURRENCY at a time, without shrinking.
    const samples = fc.sample(inputs, { numRuns: RUNS, seed: SEED });
    let next = 0;
    const lane = async () => { while (next < samples.length) await check(samples[next++]!); };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  });
}
