import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DUE_DILIGENCE_MSG } from '@brokerage/contracts';
import { DocumentsLikeModule, ListingsLikeModule } from './fixtures/defined-routes.module.js';
import { createTestApp } from '../src/testing/test-app.js';
import { signIdentity, signServiceToken } from '../src/testing/sign-identity.js';
import { routeDefinitionProblems } from '../src/testing/route-definitions.js';

const who = {
  broker: { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER' as const, name: 'Morgan Broker' },
  agent: { sub: '00000000-0000-4000-8000-000000000002', role: 'AGENT' as const, name: 'Avery Agent' },
  seller: { sub: '00000000-0000-4000-8000-000000000003', role: 'SELLER' as const, name: 'Sam Seller' },
  buyer: { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER' as const, name: 'Blake Buyer' },
};
type Who = keyof typeof who | 'anonymous' | 'service';
const FORBIDDEN = { message: 'You do not have permission to do this.' };
const L = '00000000-0000-4000-8000-0000000001aa';

describe('the guards follow the contracts route definitions in an API service (issue 18 §2)', () => {
  let listings: INestApplication;
  let documents: INestApplication;
  beforeAll(async () => {
    ({ app: listings } = await createTestApp(ListingsLikeModule, 'listings'));
    ({ app: documents } = await createTestApp(DocumentsLikeModule, 'documents'));
  });
  afterAll(async () => {
    await listings?.close();
    await documents?.close();
  });

  const call = (app: INestApplication, method: 'get' | 'post', path: string, as: Who) => {
    const req = request(app.getHttpServer())[method](path);
    if (as === 'anonymous') return req;
    return req.set('x-identity-token', as === 'service' ? signServiceToken('identity') : signIdentity(who[as]));
  };
  const statuses = async (app: INestApplication, method: 'get' | 'post', path: string) => {
    const out: Record<string, number> = {};
    for (const as of ['anonymous', 'broker', 'agent', 'seller', 'buyer', 'service'] as Who[]) out[as] = (await call(app, method, path, as)).status;
    return out;
  };

  it('a public definition opens a route without @Public; a defined role list decides, not the decorator', async () => {
    expect(await statuses(listings, 'get', '/auth/available-listings')).toEqual({ anonymous: 200, broker: 200, agent: 200, seller: 200, buyer: 200, service: 200 });
    expect(await statuses(listings, 'get', `/buyer/listings/${L}`)).toEqual({ anonymous: 401, broker: 403, agent: 403, seller: 403, buyer: 200, service: 403 });
    expect(await statuses(listings, 'get', '/broker/dashboard')).toEqual({ anonymous: 401, broker: 200, agent: 403, seller: 403, buyer: 403, service: 403 });
    expect((await call(listings, 'get', '/broker/dashboard', 'seller')).body).toEqual(FORBIDDEN);
  });

  it('a route without a definition of this service is denied to everyone, @Public or not', async () => {
    expect(await statuses(listings, 'get', '/buyer/secret')).toEqual({ anonymous: 401, broker: 403, agent: 403, seller: 403, buyer: 403, service: 403 });
    expect(await statuses(listings, 'get', '/buyer/cbr-cim')).toEqual({ anonymous: 401, broker: 403, agent: 403, seller: 403, buyer: 403, service: 403 });
    expect((await call(listings, 'get', '/buyer/secret', 'buyer')).body).toEqual(FORBIDDEN);
  });

  it('a route defined for nobody is closed to every role; GET /health stays open', async () => {
    expect(await statuses(listings, 'post', `/agent/sellers/${L}/listings/${L}/steps/3/complete`)).toEqual({ anonymous: 401, broker: 403, agent: 403, seller: 403, buyer: 403, service: 403 });
    expect((await call(listings, 'get', '/health', 'anonymous')).status).toBe(200);
  });

  it("a client refused by the roles check gets the definition's own words (deniedMessage), staff the generic text", async () => {
    expect(await statuses(documents, 'post', `/broker/listings/${L}/due-diligence/upload`)).toEqual({ anonymous: 401, broker: 201, agent: 403, seller: 403, buyer: 403, service: 403 });
    expect((await call(documents, 'post', `/broker/listings/${L}/due-diligence/upload`, 'buyer')).body).toEqual({ message: DUE_DILIGENCE_MSG.onlyStaffUpload });
    expect((await call(documents, 'post', `/broker/listings/${L}/due-diligence/upload`, 'agent')).body).toEqual(FORBIDDEN);
  });

  it('routeDefinitionProblems names every handler without a definition, every decorator or schema that disagrees and every definition not served', () => {
    const problems = routeDefinitionProblems(listings);
    expect(problems).toEqual(expect.arrayContaining([
      'GET /broker/dashboard (ListingsLikeController.brokerDashboard): @Roles(BROKER, SELLER), defined @Roles(BROKER)',
      'GET /broker/dashboard (ListingsLikeController.brokerDashboard): response schema used, defined none',
      'GET /buyer/secret (ListingsLikeController.secret): no definition of listings in @brokerage/contracts (denied to everyone)',
      'GET /buyer/cbr-cim (ListingsLikeController.otherServices): no definition of listings in @brokerage/contracts (denied to everyone)',
      'GET /seller/dashboard: defined for listings, served by no handler',
    ]));
    expect(problems.filter((p) => /ListingsLikeController\.(available|buyerListing|agentComplete|health)|^GET \/auth\/available-listings|^GET \/buyer\/listings\/:id/.test(p))).toEqual([]);
    expect(routeDefinitionProblems(documents).filter((p) => p.includes('/broker/listings/:listingId/due-diligence/upload'))).toEqual([]);
  });
});
