import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { API_ROUTES, type ApiRoute } from '@brokerage/contracts';
import { ACTORS, seedWorld, type Actor, type World } from './access-world';
import { LOCKED, NO_ACCESS_404, OUTSIDERS, ROLE_FORBIDDEN, bodyNamesDocument, expectedOutcome, needsThrowawayDocument, needsThrowawayListing, paramValue, sampleBody, type Outcome } from './access-expectations';
import { realPdf } from '../steps/helpers';
import { REPO_ROOT } from '../../support/stack-state';

/**
 * The access matrix (issue 18 §2): every route of contracts' API_ROUTES called by every actor of the world
 * (anonymous, an archived user, each role, the owner, a party of another listing, a buyer before the NDA, an unassigned
 * agent), each answer checked against the outcome its definition declares, and no answer to an outsider holding one of
 * L1's secrets. A route without a definition is not routed at all (the gateway's table is derived from API_ROUTES).
 * Reads first, then writes, deletes last; in each route the refused actors before the allowed ones.
 */

const METHOD_ORDER = { GET: 0, PUT: 1, PATCH: 1, POST: 1, DELETE: 2 } as const;
/** Signing out ends the actor's session: called last. */
const order = (r: ApiRoute) => (r.path === '/auth/logout' ? 3 : METHOD_ORDER[r.method]);
const routes = [...API_ROUTES].sort((a, b) => order(a) - order(b));
const refusedFirst = (o: Outcome) => (o.kind === 'allowed' ? 1 : 0);

let world: World;
const tally = { calls: 0, leaks: [] as string[], problems: [] as string[], byOutcome: {} as Record<string, number> };
/** MATRIX_REPORT=1: record every mismatch in test-results/access-matrix.json instead of failing (while fixing many). */
const reportOnly = !!process.env.MATRIX_REPORT;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  world = await seedWorld(request);
});

test.afterAll(() => {
  const out = path.join(REPO_ROOT, 'test-results', 'access-matrix.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ routes: routes.length, actors: ACTORS.length, ...tally }, null, 2));
  console.log(`access matrix: ${routes.length} routes × ${ACTORS.length} actors = ${tally.calls} calls, ${tally.leaks.length} leaks`);
});

type Throwaway = { listing?: string; document?: string };

async function callRoute(request: APIRequestContext, route: ApiRoute, actor: Actor, throwaway: Throwaway): Promise<APIResponse> {
  const url = '/api' + route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(paramValue(route, name, world, throwaway)));
  const headers = world.headers[actor];
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (route.multipart) {
    const file = { name: 'matrix.pdf', mimeType: 'application/pdf', buffer: await realPdf('matrix upload') };
    return request.fetch(url, { method: route.method, headers, multipart: { documentName: 'Tax Returns (2 years)', file } });
  }
  return request.fetch(url, { method: route.method, headers, ...(hasBody ? { data: sampleBody(route, world) } : {}) });
}

/** A document of L1 the route's area may delete: the seller's or the buyer's own upload, else a staff upload. */
async function throwawayDocument(request: APIRequestContext, route: ApiRoute): Promise<string> {
  const file = { name: `matrix-delete-${Date.now()}.pdf`, mimeType: 'application/pdf', buffer: await realPdf('to delete') };
  const L1 = world.ids.L1;
  const [url, who, fields] = route.path.startsWith('/seller/') && route.path.includes('/due-diligence/')
    ? [`/api/seller/listings/${L1}/due-diligence/tax-returns/upload`, 'seller', {}] as const
    : route.path.startsWith('/seller/') ? [`/api/seller/listings/${L1}/documents`, 'seller', { documentType: 'FINANCIAL_DOCUMENTS' }] as const
      : route.path.startsWith('/buyer/') ? [`/api/buyer/listings/${L1}/documents`, 'buyer', {}] as const
        : [`/api/broker/listings/${L1}/documents`, 'broker', { documentType: 'UPLOADED_DOC', audience: 'ALL' }] as const;
  const res = await request.post(url, { headers: world.headers[who], multipart: { ...fields, file } });
  expect(res.status(), `throwaway document for ${route.path}: ${await res.text()}`).toBe(201);
  const body = await res.json();
  return (body.document ?? body.documents[0]).id;
}

async function throwawayListing(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/broker/listings', {
    headers: world.headers.broker,
    data: { title: `Matrix throwaway ${Date.now()}`, description: 'deleted or archived by the matrix', price: '1000', sellerId: world.ids.S1, agentId: world.ids.A1, buyerIds: [world.ids.B1, world.ids.B0] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).listing.id;
}

function verdict(route: ApiRoute, actor: Actor, want: Outcome, status: number, body: string): string | null {
  let message = '';
  try { message = String(JSON.parse(body).message ?? ''); } catch { /* not JSON */ }
  const got = `${status} ${body.slice(0, 160)}`;
  if (status >= 500) return `5xx: ${got}`;
  if (OUTSIDERS.includes(actor)) {
    const leaked = world.secrets.filter((s) => body.includes(s));
    if (leaked.length) return `LEAK of ${leaked.join(', ')}: ${got}`;
  }
  switch (want.kind) {
    case 'status':
      if (status !== want.status) return `expected ${want.status}, got ${got}`;
      if (want.status === 403 && message !== ROLE_FORBIDDEN && message !== route.deniedMessage) return `expected the role guard's 403, got ${got}`;
      if (want.status === 404 && !NO_ACCESS_404.includes(message)) return `expected a not-found 404, got ${got}`;
      return null;
    case 'locked':
      if (status === 409 && message === LOCKED) return null;
      // A document the buyer could not see even after the NDA (another buyer's upload) is not found first.
      if ((route.relation === 'document' || bodyNamesDocument(route)) && status === 404 && NO_ACCESS_404.includes(message)) return null;
      return `expected 409 "${LOCKED}", got ${got}`;
    case 'card':
      return status === 200 ? null : `expected 200 with the public card, got ${got}`;
    case 'allowed': {
      if (route.roles === 'public') return null; // anyone may call it; its own answer (a 401 of restore-session too) is no refusal
      const refused = status === 401 || (status === 403 && (message === ROLE_FORBIDDEN || message === route.deniedMessage)) || (status === 409 && message === LOCKED)
        || (status === 404 && NO_ACCESS_404.includes(message) && route.relation !== 'user');
      return refused ? `expected access, got ${got}` : null;
    }
  }
}

for (const route of routes) {
  test(`${route.method} ${route.path} (${route.relation}${route.step !== undefined ? `, step ${route.step}` : ''})`, async ({ request }) => {
    const throwaway: Throwaway = {
      listing: needsThrowawayListing(route) ? await throwawayListing(request) : undefined,
      document: needsThrowawayDocument(route) ? await throwawayDocument(request, route) : undefined,
    };
    const plan = ACTORS.map((actor) => ({ actor, want: expectedOutcome(route, actor, world) }))
      .sort((a, b) => refusedFirst(a.want) - refusedFirst(b.want));
    const problems: string[] = [];
    for (const { actor, want } of plan) {
      const res = await callRoute(request, route, actor, throwaway);
      const body = await res.text();
      tally.calls += 1;
      tally.byOutcome[want.kind] = (tally.byOutcome[want.kind] ?? 0) + 1;
      const problem = verdict(route, actor, want, res.status(), body);
      if (problem) {
        problems.push(`${actor}: ${problem}`);
        if (problem.startsWith('LEAK') || (want.kind !== 'allowed' && res.status() < 300)) tally.leaks.push(`${route.method} ${route.path} ${actor}: ${problem}`);
      }
    }
    tally.problems.push(...problems.map((p) => `${route.method} ${route.path} ${p}`));
    if (!reportOnly) expect(problems, `${route.method} ${route.path}`).toEqual([]);
  });
}
