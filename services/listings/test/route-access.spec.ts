import { randomUUID } from 'node:crypto';
import { expectEveryRouteHasAccessRule, expectInternalCallersEnforced } from '@brokerage/nest-common/testing';
import { as, createApp, insertListing, resetDb, USERS, type Ctx, type Who } from './helpers.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Route {
  method: Method;
  path: string;
  body?: object;
  roles: Array<'BROKER' | 'AGENT' | 'SELLER' | 'BUYER' | 'SERVICE'>;
  /** The service that calls an internal route (default documents); the others are refused (see the caller matrix). */
  caller?: Who;
}

const ROLE_USER: Record<string, Who> = { BROKER: 'broker', AGENT: 'agent', SELLER: 'seller', BUYER: 'buyer', SERVICE: 'documents' };

/**
 * Every route of this issue × every role: the roles that may call it get past the guards (neither 401 nor 403); the
 * others get 403; no identity gets 401. What each allowed call answers is asserted in the feature specs.
 */
describe('route access: every route for each role that may and may not call it', () => {
  let ctx: Ctx;
  let L: string;
  const S = USERS.seller.sub;
  const B = USERS.buyer.sub;
  const A = USERS.agent.sub;
  const routes = (): Route[] => {
    const staff = (area: 'broker' | 'agent', role: 'BROKER' | 'AGENT'): Route[] => [
      { method: 'get', path: `/${area}/dashboard`, roles: [role] },
      { method: 'get', path: `/${area}/listings`, roles: [role] },
      { method: 'get', path: `/${area}/listings/${L}`, roles: [role] },
      { method: 'get', path: `/${area}/sellers`, roles: [role] },
      { method: 'get', path: `/${area}/buyers`, roles: [role] },
      { method: 'get', path: `/${area}/listings/${L}/progress`, roles: [role] },
      { method: 'get', path: `/${area}/buyers/${B}/listings/${L}/progress`, roles: [role] },
      // completing / reopening a client's step is the broker's alone (issue 18): the agent's routes answer 403 to everyone
      { method: 'post', path: `/${area}/sellers/${S}/listings/${L}/steps/3/complete`, roles: area === 'broker' ? [role] : [] },
      { method: 'post', path: `/${area}/sellers/${S}/listings/${L}/steps/3/reopen`, roles: area === 'broker' ? [role] : [] },
      { method: 'post', path: `/${area}/buyers/${B}/listings/${L}/steps/3/complete`, roles: area === 'broker' ? [role] : [] },
      { method: 'post', path: `/${area}/buyers/${B}/listings/${L}/steps/3/reopen`, roles: area === 'broker' ? [role] : [] },
    ];
    const client = (area: 'seller' | 'buyer', role: 'SELLER' | 'BUYER'): Route[] => [
      { method: 'get', path: `/${area}/dashboard`, roles: [role] },
      { method: 'get', path: `/${area}/listings`, roles: [role] },
      { method: 'get', path: `/${area}/listings/${L}`, roles: [role] },
      { method: 'get', path: `/${area}/progress`, roles: [role] },
      { method: 'get', path: `/${area}/current-listing`, roles: [role] },
      { method: 'post', path: `/${area}/select-listing`, body: { listingId: L }, roles: [role] },
      { method: 'post', path: `/${area}/update-step`, body: { stepId: 8 }, roles: [role] },
      { method: 'post', path: `/${area}/mark-step-completed`, body: { stepId: 8 }, roles: [role] },
      { method: 'post', path: `/${area}/mark-step-incomplete`, body: { stepId: 8 }, roles: [role] },
    ];
    return [
      ...staff('broker', 'BROKER'),
      ...staff('agent', 'AGENT'),
      ...client('seller', 'SELLER'),
      ...client('buyer', 'BUYER'),
      { method: 'get', path: `/seller/listings/${L}/interested-buyers`, roles: ['SELLER'] },
      { method: 'get', path: '/seller/listing-buyers', roles: ['SELLER'] },
      { method: 'post', path: `/seller/listings/${L}/approve-buyer`, body: { buyerId: B }, roles: ['SELLER'] },
      { method: 'post', path: `/seller/listings/${L}/reject-buyer`, body: { buyerId: B }, roles: ['SELLER'] },
      { method: 'get', path: '/buyer/available-listings', roles: ['BUYER'] },
      { method: 'post', path: '/broker/listings', body: { title: 't', description: 'd', price: 1, sellerId: S }, roles: ['BROKER'] },
      { method: 'put', path: `/broker/listings/${L}`, body: { title: 'renamed' }, roles: ['BROKER'] },
      { method: 'patch', path: `/broker/listings/${L}/archive`, roles: ['BROKER'] },
      { method: 'patch', path: `/broker/listings/${L}/reactivate`, roles: ['BROKER'] },
      { method: 'get', path: `/broker/agent/${A}/stats`, roles: ['BROKER'] },
      { method: 'get', path: '/broker/agents-with-stats', roles: ['BROKER'] },
      { method: 'post', path: '/internal/journeys/events', body: { eventId: randomUUID(), userId: S, stepId: 1, source: 't' }, roles: ['SERVICE'] },
      { method: 'get', path: `/internal/listings/${L}/parties`, roles: ['SERVICE'] },
      { method: 'get', path: `/internal/listings/${L}/access?userId=${B}&role=BUYER`, roles: ['SERVICE'] },
      { method: 'get', path: `/internal/relations/${B}`, roles: ['SERVICE'], caller: 'identityService' },
      { method: 'get', path: `/internal/journeys/selected-listing?userId=${B}&role=BUYER`, roles: ['SERVICE'] },
      { method: 'delete', path: `/broker/listings/${L}`, roles: ['BROKER'] },
    ];
  };

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Matrix', price: 1, buyers: [{ id: B }] });
  });
  afterAll(() => ctx.close());

  it('every route declares who may call it', () => {
    expectEveryRouteHasAccessRule(ctx.app);
  });

  it('every internal route answers 403 to the services it does not name (identity\'s key cannot ask for parties)', async () => {
    expect(await expectInternalCallersEnforced(ctx.app)).toBeGreaterThan(40);
    const asIdentity = await ctx.http.get(`/internal/listings/${L}/parties`).set(as('identityService'));
    expect(asIdentity.status).toBe(403);
  });

  it('wrong role → 403 {message}, no identity → 401, the right role passes the guards (and no 5xx)', async () => {
    const failures: string[] = [];
    for (const r of routes()) {
      const call = (who?: Who) => {
        const req = ctx.http[r.method](r.path);
        if (who) req.set(as(who));
        return r.body ? req.send(r.body) : req;
      };
      const anon = await call();
      if (anon.status !== 401) failures.push(`${r.method} ${r.path} anonymous → ${anon.status}`);
      for (const role of ['BROKER', 'AGENT', 'SELLER', 'BUYER', 'SERVICE'] as const) {
        const res = await call(role === 'SERVICE' && r.caller ? r.caller : ROLE_USER[role]);
        const allowed = r.roles.includes(role);
        if (allowed && (res.status === 401 || res.status === 403 || res.status >= 500)) failures.push(`${r.method} ${r.path} ${role} → ${res.status}`);
        if (!allowed && (res.status !== 403 || typeof res.body.message !== 'string')) failures.push(`${r.method} ${r.path} ${role} → ${res.status} (want 403)`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('not a party → 404 (no existence leak)', () => {
  let ctx: Ctx;
  let L: string;
  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    L = await insertListing(ctx, { title: 'Private', price: 1, status: 'UNDER_CONTRACT', buyers: [{ id: USERS.buyer.sub }] });
  });
  afterAll(() => ctx.close());

  const B = () => USERS.buyer.sub;
  const cases: Array<[Who, Method, () => string, object?]> = [
    ['otherSeller', 'get', () => `/seller/listings/${L}`],
    ['otherSeller', 'get', () => `/seller/listings/${L}/interested-buyers`],
    ['otherSeller', 'post', () => `/seller/listings/${L}/approve-buyer`, { buyerId: USERS.buyer.sub }],
    ['otherSeller', 'post', () => `/seller/listings/${L}/reject-buyer`, { buyerId: USERS.buyer.sub }],
    ['otherSeller', 'post', () => '/seller/select-listing', { get listingId() { return L; } }],
    ['otherBuyer', 'get', () => `/buyer/listings/${L}`],
    ['otherBuyer', 'post', () => '/buyer/select-listing', { get listingId() { return L; } }],
    ['otherAgent', 'get', () => `/agent/listings/${L}`],
    ['otherAgent', 'get', () => `/agent/listings/${L}/progress`],
    ['otherAgent', 'get', () => `/agent/buyers/${B()}/listings/${L}/progress`],
    ['broker', 'get', () => `/broker/buyers/${USERS.otherBuyer.sub}/listings/${L}/progress`],
    ['broker', 'post', () => `/broker/sellers/${USERS.otherSeller.sub}/listings/${L}/steps/2/complete`],
  ];

  it.each(cases.map((c) => [c[0], c[1], c] as const))('%s %s … → 404', async (_who, _m, [who, method, path, body]) => {
    const req = ctx.http[method](path()).set(as(who));
    const res = await (body ? req.send(JSON.parse(JSON.stringify(body))) : req);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Listing not found' });
  });

  it('unknown listing ids answer the same 404 as other people\'s', async () => {
    const unknown = randomUUID();
    for (const [who, path] of [['broker', `/broker/listings/${unknown}`], ['seller', `/seller/listings/${unknown}`], ['buyer', `/buyer/listings/${unknown}`], ['agent', `/agent/listings/${unknown}`]] as const) {
      const res = await ctx.http.get(path).set(as(who));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Listing not found' });
    }
  });
});
