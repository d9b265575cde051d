import { API_ROUTES } from '@brokerage/contracts';
import { ROUTE_TABLE } from '../src/routes/route-table.js';
import { gateway, startUpstream, closedPort } from './helpers.js';

describe('/api/docs and health', () => {
  it('merges the openapi.json of the services that answer, skips the others', async () => {
    const identity = await startUpstream('identity', (r, res) => {
      if (r.url !== '/openapi.json') return false;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ openapi: '3.0.0', paths: { '/auth/login': { post: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } }, '/internal/sessions/resolve': { post: {} }, '/auth/not-routed': { get: { responses: {} } }, '/broker/agent/{agentId}': { get: { summary: 'own words', responses: {} } } }, components: { schemas: { User: { type: 'object' } } } }));
      return true;
    });
    const listings = await startUpstream('listings', (r, res) => {
      if (r.url !== '/openapi.json') return false;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ openapi: '3.0.0', paths: { '/auth/available-listings': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } }, components: { schemas: { User: { type: 'string' } } } }));
      return true;
    });
    const dead = await closedPort();
    const app = await gateway({ UPSTREAM_IDENTITY: identity.url, UPSTREAM_LISTINGS: listings.url, UPSTREAM_DOCUMENTS: `http://127.0.0.1:${dead}`, UPSTREAM_MESSAGING: `http://127.0.0.1:${dead}`, UPSTREAM_CHECKLISTS: `http://127.0.0.1:${dead}` });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.servers).toEqual([{ url: '/api' }]);
      // every definition is an operation, with its summary and access rule; the services' own paths where they answered
      const ops = Object.entries(doc.paths as Record<string, Record<string, { summary: string; 'x-access': unknown; 'x-unavailable'?: true; security?: unknown[]; description?: string }>>)
        .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`, op })));
      expect(ops).toHaveLength(API_ROUTES.length);
      const op = (key: string) => ops.find((o) => o.key === key)!.op;
      expect(op('POST /auth/login')).toMatchObject({ summary: API_ROUTES.find((r) => r.path === '/auth/login')!.summary, 'x-access': { roles: 'public', relation: 'public' }, security: [] });
      expect(op('POST /auth/login')['x-unavailable']).toBeUndefined();
      expect(op('GET /broker/agent/:agentId')).toMatchObject({ summary: 'One agent.', description: 'own words', 'x-access': { roles: ['BROKER'], relation: 'user', object: { kind: 'user', param: 'id' } } });
      expect(op('PUT /buyer/listings/:listingId/pre-close-checklist/item')).toMatchObject({ 'x-unavailable': true, 'x-access': { roles: ['BUYER'], relation: 'listing', step: 8 } });
      expect(doc['x-not-routed']).toEqual(['GET /auth/not-routed (identity)']);
      expect(doc.paths['/internal/sessions/resolve']).toBeUndefined();
      expect(doc.components.schemas.User).toEqual({ type: 'object' });
      expect(doc.components.schemas.listings_User).toEqual({ type: 'string' });
      expect(doc.paths['/auth/available-listings'].get.responses[200].content['application/json'].schema.$ref).toBe('#/components/schemas/listings_User');
      expect(doc['x-unavailable'].sort()).toEqual(['checklists', 'documents', 'messaging']);
      const planned = ROUTE_TABLE.filter((e) => e.status === 'planned').map((e) => `${e.method} ${e.path}`);
      expect([...(doc['x-planned'] as string[])].sort()).toEqual(planned.sort());
    } finally {
      await app.close(); await identity.close(); await listings.close();
    }
  });

  it('GET /api/health answers for the gateway itself', async () => {
    const app = await gateway();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', redis: true });
    await app.close();
  });
});
