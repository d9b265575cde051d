import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ProbeModule } from './fixtures/probe.module.js';
import { createTestApp } from '../src/testing/test-app.js';
import { signIdentity } from '../src/testing/sign-identity.js';
import { forgeServiceToken, signServiceToken, signTestJwt } from '../src/testing/sign-identity.js';
import { generateTestKey } from '../src/testing/test-keys.js';
import { parsePublicJwks, signIdentityToken, signServiceToken as signServiceTokenWithKey, verifyIdentityToken } from '../src/auth/identity-token.js';

/**
 * Signs raw claims with one of the test keys (process.env JWK), with any issuer/audience: what an attacker could try.
 * `exp: null` leaves exp out.
 */
function signWith(keyEnv: string, payload: { exp?: number | null; role: string; name: string }, o: { issuer: string; audience: string }): string {
  const { exp, ...claims } = payload;
  const now = Math.floor(Date.now() / 1000);
  return signTestJwt({
    ...claims, sub: '00000000-0000-4000-8000-000000000001', iss: o.issuer, aud: o.audience, iat: now, ...(exp === null ? {} : { exp: exp ?? now + 60 }),
  }, { privateJwk: process.env[keyEnv] });
}
import { listRouteAccess, routesWithoutAccessRule, serviceRoutesWithoutCallers } from '../src/testing/route-access.js';

const broker = { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER' as const, name: 'Morgan Broker', email: 'broker@example.com' };
const buyer = { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER' as const, name: 'Blake Buyer' };

describe('nest-common auth guards', () => {
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await createTestApp(ProbeModule, 'probe'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 Authentication required without an identity', async () => {
    const res = await request(app.getHttpServer()).get('/probe/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('answers 401 for a token signed with another key or with the old shared HS256 secret', async () => {
    for (const token of [signIdentity(broker, { key: generateTestKey().privateKey }), signIdentity(broker, { secret: 'x'.repeat(40) })]) {
      const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    }
  });

  it('answers 401 for an expired token, one that never expires and one with a wrong audience', async () => {
    const user = { issuer: 'brokerage-gateway', audience: 'brokerage-services' };
    const expired = signWith('IDENTITY_JWT_PRIVATE_KEY', { role: 'BROKER', name: 'x', exp: Math.floor(Date.now() / 1000) - 10 }, user);
    const endless = signWith('IDENTITY_JWT_PRIVATE_KEY', { role: 'BROKER', name: 'x', exp: null }, user);
    const wrongAud = signWith('IDENTITY_JWT_PRIVATE_KEY', { role: 'BROKER', name: 'x' }, { issuer: 'brokerage-gateway', audience: 'someone-else' });
    // the same claims with a proper exp pass: the refusals are for exp and aud alone
    expect((await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', signWith('IDENTITY_JWT_PRIVATE_KEY', { role: 'BROKER', name: 'x' }, user))).status).toBe(200);
    for (const token of [expired, endless, wrongAud, 'not-a-jwt']) {
      const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', token);
      expect(res.status).toBe(401);
    }
  });

  it('a service key cannot mint a user: role BROKER with the user audience signed by a service is 401', async () => {
    const minted = signWith('SERVICE_JWT_PRIVATE_KEY_IDENTITY', { role: 'BROKER', name: 'Mallory' }, { issuer: 'brokerage-gateway', audience: 'brokerage-services' });
    const res = await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', minted);
    expect(res.status).toBe(401);
    // the same key with its own audience still yields no user role
    const asService = signWith('SERVICE_JWT_PRIVATE_KEY_IDENTITY', { role: 'BROKER', name: 'Mallory' }, { issuer: 'brokerage-service', audience: 'brokerage-internal' });
    expect((await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', asService)).status).toBe(401);
  });

  it('a user identity cannot act as a service, and a service token is not accepted with the user audience', async () => {
    const userAsService = signWith('IDENTITY_JWT_PRIVATE_KEY', { role: 'SERVICE', name: 'x' }, { issuer: 'brokerage-gateway', audience: 'brokerage-services' });
    expect((await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', userAsService)).status).toBe(401);
    const serviceWithUserAud = signWith('SERVICE_JWT_PRIVATE_KEY_IDENTITY', { role: 'SERVICE', name: 'x' }, { issuer: 'brokerage-service', audience: 'brokerage-services' });
    expect((await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', serviceWithUserAud)).status).toBe(401);
  });

  it('accepts any key of the public key set by kid (rotation) and nothing else', async () => {
    const current = JSON.parse(process.env.IDENTITY_JWT_PUBLIC_KEYS!).keys;
    const next = generateTestKey('next-key');
    const keys = {
      identity: parsePublicJwks(JSON.stringify({ keys: [...current, ...JSON.parse(next.publicKeys).keys] }), 'identity'),
      service: parsePublicJwks(process.env.SERVICE_JWT_PUBLIC_KEYS, 'service'),
    };
    expect(await verifyIdentityToken(await signIdentityToken(broker, process.env.IDENTITY_JWT_PRIVATE_KEY), keys)).toMatchObject({ role: 'BROKER' });
    expect(await verifyIdentityToken(await signIdentityToken(broker, next.privateKey), keys)).toMatchObject({ role: 'BROKER' });
    expect(await verifyIdentityToken(await signIdentityToken(broker, generateTestKey('next-key').privateKey), keys)).toBeNull();
  });

  it('accepts a valid identity and exposes it through @CurrentUser()', async () => {
    const res = await request(app.getHttpServer()).get('/probe/me').set('x-identity-token', signIdentity(broker));
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(broker);
  });

  it('answers 403 for a role not listed in @Roles()', async () => {
    const res = await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', signIdentity(buyer));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    const ok = await request(app.getHttpServer()).get('/probe/brokers').set('x-identity-token', signIdentity(broker));
    expect(ok.status).toBe(200);
  });

  it('denies a route with neither @Roles nor @Public to every caller (default deny)', async () => {
    for (const token of [signIdentity(broker), signIdentity(buyer), signServiceToken('identity')]) {
      const res = await request(app.getHttpServer()).get('/probe/unmarked').set('x-identity-token', token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect((await request(app.getHttpServer()).get('/probe/unmarked')).status).toBe(401);
  });

  it('the route walker lists every route with its rule and names the unmarked one', () => {
    const routes = listRouteAccess(app);
    expect(routes).toEqual(expect.arrayContaining([
      expect.objectContaining({ route: 'GET /probe/brokers', roles: ['BROKER'], isPublic: false }),
      expect.objectContaining({ route: 'POST /probe/greet', roles: null, isPublic: true }),
      expect.objectContaining({ route: 'GET /probe/greetings/:id', isPublic: true }),
    ]));
    expect(routesWithoutAccessRule(app)).toEqual(['GET /probe/unmarked (ProbeController.unmarked)']);
  });

  it('lets the services an internal route names through @InternalCallers and refuses users there', async () => {
    for (const caller of ['identity', 'listings']) {
      const ok = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', signServiceToken(caller));
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ caller });
    }
    const refused = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', signIdentity(broker));
    expect(refused.status).toBe(403);
  });

  it('answers 403 to a service the internal route does not name, and to every service where it names none', async () => {
    for (const caller of ['checklists', 'documents', 'messaging', 'gateway']) {
      const res = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', signServiceToken(caller));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    }
    for (const caller of ['identity', 'listings', 'checklists']) {
      expect((await request(app.getHttpServer()).get('/probe/internal-unnamed').set('x-identity-token', signServiceToken(caller))).status).toBe(403);
    }
    expect(serviceRoutesWithoutCallers(app)).toEqual(['GET /probe/internal-unnamed (ProbeController.internalUnnamed)']);
    expect(listRouteAccess(app)).toEqual(expect.arrayContaining([
      expect.objectContaining({ route: 'GET /probe/internal', roles: ['SERVICE'], callers: ['identity', 'listings'] }),
    ]));
  });

  it('answers 401 to a service token whose sub names another service than its key (checklists\' key claiming identity)', async () => {
    for (const token of [forgeServiceToken('identity', 'checklists'), forgeServiceToken('listings', 'gateway')]) {
      const res = await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    }
    // sub and name must both be the key's service
    const exp = Math.floor(Date.now() / 1000) + 60;
    const mixed = signTestJwt({ role: 'SERVICE', name: 'identity', sub: 'service:checklists', iss: 'brokerage-service', aud: 'brokerage-internal', exp },
      { privateJwk: process.env.SERVICE_JWT_PRIVATE_KEY_CHECKLISTS });
    expect((await request(app.getHttpServer()).get('/probe/internal').set('x-identity-token', mixed)).status).toBe(401);
    // the genuine token of that key still works where its service is named
    expect(await verifyIdentityToken(signServiceToken('checklists'), {
      identity: parsePublicJwks(process.env.IDENTITY_JWT_PUBLIC_KEYS, 'identity'),
      service: parsePublicJwks(process.env.SERVICE_JWT_PUBLIC_KEYS, 'service'),
    })).toEqual({ sub: 'service:checklists', role: 'SERVICE', name: 'checklists' });
  });

  it('signs a service token only with that service\'s own key, and a service key whose kid names no service yields nothing', async () => {
    await expect(signServiceTokenWithKey('identity', process.env.SERVICE_JWT_PRIVATE_KEY_DOCUMENTS)).rejects.toThrow(/not the key of service identity/);
    const anonymous = generateTestKey('svc-2025-01-01-abcd');
    const keys = {
      identity: parsePublicJwks(process.env.IDENTITY_JWT_PUBLIC_KEYS, 'identity'),
      service: parsePublicJwks(anonymous.publicKeys, 'service'),
    };
    const token = signTestJwt({ role: 'SERVICE', name: 'svc', sub: 'service:svc', iss: 'brokerage-service', aud: 'brokerage-internal', exp: Math.floor(Date.now() / 1000) + 60 },
      { privateJwk: anonymous.privateKey });
    expect(await verifyIdentityToken(token, keys)).toBeNull();
  });

  it('public routes work anonymously, attach a valid identity and ignore an invalid one', async () => {
    const anon = await request(app.getHttpServer()).get('/probe/open');
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ user: null });
    const known = await request(app.getHttpServer()).get('/probe/open').set('x-identity-token', signIdentity(buyer));
    expect(known.body.user).toMatchObject({ sub: buyer.sub, role: 'BUYER' });
    const invalid = await request(app.getHttpServer()).get('/probe/open').set('x-identity-token', 'garbage');
    expect(invalid.status).toBe(200);
    expect(invalid.body).toEqual({ user: null });
  });

  it('echoes the x-request-id header', async () => {
    const res = await request(app.getHttpServer()).get('/probe/open').set('x-request-id', 'req-123');
    expect(res.headers['x-request-id']).toBe('req-123');
  });
});
