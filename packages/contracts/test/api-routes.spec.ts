import { accessOfRoute, API_ROUTES, API_SERVICES, apiPath, routeShape } from '@brokerage/contracts';

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

describe('API route definitions (issue 18 §2)', () => {
  it('one definition per method and path shape, never under /internal', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${routeShape(r.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of API_ROUTES) {
      expect(r.path).toMatch(/^\/[a-z]/);
      expect(r.path.startsWith('/internal')).toBe(false);
      expect(API_SERVICES).toContain(r.service);
      expect(r.summary.length).toBeGreaterThan(5);
    }
  });

  it("every rule is coherent: 'public' ⇔ roles 'public', objects name the path's parameters, steps only for clients", () => {
    for (const r of API_ROUTES) {
      const where = `${r.method} ${r.path}`;
      expect([where, r.roles === 'public']).toEqual([where, r.relation === 'public']);
      const params = paramsOf(r.path);
      if (r.object?.param) expect([where, params]).toEqual([where, expect.arrayContaining([r.object.param])]);
      if (r.object?.userParam) expect([where, params]).toEqual([where, expect.arrayContaining([r.object.userParam])]);
      if (['listing', 'listing-card', 'document', 'message', 'client', 'user'].includes(r.relation)) expect([where, r.object]).toEqual([where, expect.anything()]);
      if (r.relation === 'client') expect([where, r.object?.userParam]).toEqual([where, expect.any(String)]);
      if (r.step !== undefined) {
        expect(Array.isArray(r.roles) && r.roles.every((role) => role === 'SELLER' || role === 'BUYER')).toBe(true);
        expect(r.step).toBeGreaterThanOrEqual(0);
        expect(r.step).toBeLessThanOrEqual(10);
      }
      if (r.multipart) expect([where, r.method]).toEqual([where, 'POST']);
      if (r.bodyLimit) expect(r.multipart).toBe(true);
    }
  });

  it('the issue\'s rules: a buyer reads a listing\'s data only as a party past the NDA, the broker alone changes a client\'s steps', () => {
    const rule = (m: string, p: string) => accessOfRoute(m, p)!;
    expect(rule('GET', '/buyer/cbr-cim')).toMatchObject({ relation: 'listing', step: 4 });
    expect(rule('GET', '/buyer/listings/:id')).toMatchObject({ relation: 'listing-card' });
    expect(rule('GET', '/buyer/listings/:listingId/documents')).toMatchObject({ relation: 'listing' });
    expect(rule('PUT', '/buyer/listings/:listingId/pre-close-checklist/item')).toMatchObject({ relation: 'listing', step: 8 });
    expect(rule('POST', '/buyer/listings/:id/due-diligence/request')).toMatchObject({ step: 7 });
    expect(rule('POST', '/seller/listing-agreement')).toMatchObject({ step: 2, multipart: true });
    for (const area of ['broker', 'agent']) for (const who of ['sellers', 'buyers']) for (const act of ['complete', 'reopen']) {
      expect(rule('POST', `/${area}/${who}/:u/listings/:l/steps/:s/${act}`).roles).toEqual(area === 'broker' ? ['BROKER'] : []);
    }
    // every buyer route about a listing's data is 'listing' or 'listing-card' (or the buyer's own forms and lists)
    for (const r of API_ROUTES.filter((x) => x.path.startsWith('/buyer/listings/'))) expect([r.path, ['listing', 'listing-card', 'document']]).toEqual([r.path, expect.arrayContaining([r.relation])]);
  });

  it('accessOfRoute finds a handler\'s definition by method and pattern, whatever its parameter names', () => {
    expect(accessOfRoute('get', '/buyer/listings/:listingId')?.path).toBe('/buyer/listings/:id');
    expect(accessOfRoute('GET', 'broker/listings/:id/progress/')?.path).toBe('/broker/listings/:listingId/progress');
    expect(accessOfRoute('GET', '/internal/listings/:id/parties')).toBeUndefined();
    expect(accessOfRoute('DELETE', '/buyer/cbr-cim')).toBeUndefined();
  });

  it('apiPath builds /api paths with each parameter encoded as one segment, and a query without empty values', () => {
    expect(apiPath('GET', '/buyer/listings/:id', { id: 'a b/c' })).toBe('/api/buyer/listings/a%20b%2Fc');
    expect(apiPath('GET', '/seller/dashboard')).toBe('/api/seller/dashboard');
    expect(apiPath('GET', '/broker/listings', null, { page: 2, status: undefined, q: null })).toBe('/api/broker/listings?page=2');
    expect(apiPath('POST', '/broker/buyers/:userId/listings/:listingId/steps/:stepId/complete', { userId: 'u', listingId: 'l', stepId: 3 }))
      .toBe('/api/broker/buyers/u/listings/l/steps/3/complete');
    // @ts-expect-error -- a path that is not defined for the method does not compile
    expect(() => apiPath('GET', '/seller/update-step')).not.toThrow();
    // @ts-expect-error -- a missing parameter does not compile (and throws)
    expect(() => apiPath('GET', '/buyer/listings/:id', {})).toThrow('missing parameter id');
  });
});
