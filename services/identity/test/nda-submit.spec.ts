import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parsePublicJwks, verifyIdentityToken } from '@brokerage/nest-common';
import { LISTING_NOT_AVAILABLE, NDA_REQUIRED_MESSAGE, REGISTRATION_DUPLICATE_EMAIL, buyerNdasParamsSchema, recordNdaSchema } from '@brokerage/contracts';
import { createApp, createUser, expectNoSecrets, login, resetDb, type Ctx } from './helpers.js';
import { NdaService } from '../src/nda/nda.service.js';

/**
 * A real tiny HTTP server standing in for listings' NDA API. It validates what it receives with the same contract
 * schemas as the real listings service (400 {message} like the global pipe), then gives the canned answer.
 */
function fakeListings() {
  const calls: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }> = [];
  let answer: { status: number; body: unknown } | 'down' = { status: 201, body: {} };
  const server = http.createServer((req, res) => {
    if (answer === 'down') return req.socket.destroy();
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : undefined;
      calls.push({ method: req.method, url: req.url, headers: req.headers, body });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const checked =
        req.method === 'POST' ? recordNdaSchema.safeParse(body) : buyerNdasParamsSchema.safeParse({ buyerId: req.url?.split('/').pop() });
      if (!checked.success) return reply(400, { message: checked.error.issues[0]!.message });
      if (answer !== 'down') reply(answer.status, answer.body);
    });
  });
  return {
    calls,
    /** The answer to valid requests from now on; 'down' drops every connection. */
    answer: (status: number | 'down', body: unknown = {}) => {
      answer = status === 'down' ? 'down' : { status, body };
      calls.length = 0;
    },
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const nda = (over: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'Nda',
  email: 'Nina.Nda@Example.com',
  phone: '(209) 555-0144',
  password: 'nda-pass-1',
  organization: 'Nina Holdings LLC',
  addressLine1: '10 Elm St',
  addressLine2: '',
  city: 'Modesto',
  state: 'CA',
  zipCode: '95354',
  listingInterest: '00000000-0000-4000-8000-000000000101',
  availableMoney: '300000',
  minimumIncome: '90000',
  totalPriceWilling: '750000',
  californiaRegions: ['Northern California', 'East Bay'],
  timeFrameToPurchase: '3-6 months',
  agreementAccepted: true,
  signature: 'Nina Nda',
  ...over,
});

describe('POST /auth/nda-submit', () => {
  let ctx: Ctx;
  const savedUrl = process.env.LISTINGS_URL;
  const listings = fakeListings();
  beforeAll(async () => {
    process.env.LISTINGS_URL = await listings.start(); // identity reads its config once, when the app is built
    ctx = await createApp();
  });
  afterAll(async () => {
    process.env.LISTINGS_URL = savedUrl;
    await ctx.app.close();
    await listings.stop();
  });
  beforeEach(() => resetDb(ctx));

  const userCount = async () => (await ctx.ds.query('SELECT count(*)::int AS c FROM identity.users'))[0].c as number;

  it('201: buyer created and active, NDA sent to listings without the password, with a service token', async () => {
    listings.answer(201, { nda: { id: 'n1' } });
    const res = await ctx.http.post('/auth/nda-submit').set('User-Agent', 'jest-agent').send(nda({ listingInterest: '00000000-0000-4000-8000-0000000001a2' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('NDA submitted successfully');
    expect(res.body.user).toMatchObject({ email: 'nina.nda@example.com', name: 'Nina Nda', role: 'BUYER', phone: '(209) 555-0144' });
    expectNoSecrets(res.body, ['nda-pass-1']);
    expect(listings.calls).toHaveLength(1);
    const call = listings.calls[0];
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/internal/ndas');
    const claims = await verifyIdentityToken(call.headers['x-identity-token'] as string, {
      identity: parsePublicJwks(process.env.IDENTITY_JWT_PUBLIC_KEYS, 'identity keys'),
      service: parsePublicJwks(process.env.SERVICE_JWT_PUBLIC_KEYS, 'service keys'),
    });
    expect(claims).toMatchObject({ sub: 'service:identity', role: 'SERVICE' });
    expect(call.body).toMatchObject({
      buyerId: res.body.user.id,
      listingId: '00000000-0000-4000-8000-0000000001a2',
      firstName: 'Nina',
      lastName: 'Nda',
      email: 'nina.nda@example.com',
      californiaRegions: ['Northern California', 'East Bay'],
      timeFrameToPurchase: '3-6 months',
      agreementAccepted: true,
      signature: 'Nina Nda',
      userAgent: 'jest-agent',
    });
    expect(typeof call.body.signedAt).toBe('string');
    expect(JSON.stringify(call.body)).not.toContain('nda-pass-1');
    expect(call.body.password).toBeUndefined();
    const [row] = await ctx.ds.query('SELECT is_active, signup_pending_since, profile FROM identity.users');
    expect(row.is_active).toBe(true);
    expect(row.signup_pending_since).toBeNull();
    expect(row.profile).toMatchObject({ organization: 'Nina Holdings LLC', city: 'Modesto' });
    expect((await login(ctx, 'nina.nda@example.com', 'nda-pass-1')).res.status).toBe(200);
  });

  it('a listing id listings refuses (by the shared NDA record contract): 400 with its message, no user left behind', async () => {
    listings.answer(201, { nda: { id: 'n1' } });
    const res = await ctx.http.post('/auth/nda-submit').send(nda({ listingInterest: 101 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: LISTING_NOT_AVAILABLE });
    expect(listings.calls).toHaveLength(1);
    expect(await userCount()).toBe(0);
  });

  it('listings answers 404: its message, and no user left behind', async () => {
    listings.answer(404, { message: 'Listing not found' });
    const res = await ctx.http.post('/auth/nda-submit').send(nda());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Listing not found' });
    expect(listings.calls).toHaveLength(1);
    expect(await userCount()).toBe(0);
    // and the e-mail is free again
    expect((await login(ctx, 'nina.nda@example.com', 'nda-pass-1')).res.status).toBe(401);
  });

  it('listings answers 500: 503 Failed to submit NDA, no user left behind, listings told to drop its side', async () => {
    listings.answer(500, { message: 'boom' });
    const res = await ctx.http.post('/auth/nda-submit').send(nda());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to submit NDA' });
    expect(await userCount()).toBe(0);
    const [record, undo] = listings.calls;
    expect(record).toMatchObject({ method: 'POST', url: '/internal/ndas' });
    expect(undo).toMatchObject({ method: 'DELETE', url: `/internal/ndas/${record.body.buyerId}` });
  });

  it('listings unreachable (connection dropped): 503 Failed to submit NDA, no user left behind', async () => {
    listings.answer('down');
    const res = await ctx.http.post('/auth/nda-submit').send(nda());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to submit NDA' });
    expect(await userCount()).toBe(0);
  });

  it('409 on a duplicate e-mail (any case), listings not called, existing account untouched', async () => {
    const existing = await createUser(ctx, { role: 'BUYER', email: 'nina.nda@example.com' });
    listings.answer(201, {});
    const res = await ctx.http.post('/auth/nda-submit').send(nda());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: REGISTRATION_DUPLICATE_EMAIL });
    expect(listings.calls).toHaveLength(0);
    expect((await login(ctx, existing.email, existing.password)).res.status).toBe(200);
  });

  it.each([
    ['firstName', { firstName: '' }, NDA_REQUIRED_MESSAGE],
    ['lastName missing', { lastName: undefined }, NDA_REQUIRED_MESSAGE],
    ['email', { email: '' }, NDA_REQUIRED_MESSAGE],
    ['email invalid', { email: 'nope' }, 'Please enter a valid email address'],
    ['phone', { phone: undefined }, NDA_REQUIRED_MESSAGE],
    ['password', { password: undefined }, NDA_REQUIRED_MESSAGE],
    ['password short', { password: '12345' }, 'Password must be at least 6 characters long'],
    ['listingInterest', { listingInterest: '' }, NDA_REQUIRED_MESSAGE],
    ['agreement', { agreementAccepted: false }, NDA_REQUIRED_MESSAGE],
    ['signature', { signature: ' ' }, NDA_REQUIRED_MESSAGE],
    ['first name too long', { firstName: 'N'.repeat(101) }, 'First name must be at most 100 characters'],
    ['email too long', { email: `${'n'.repeat(320)}@example.com` }, 'Email must be at most 320 characters'],
    ['organization too long', { organization: 'O'.repeat(2001) }, 'Each answer must be at most 2000 characters'],
    ['signature too long', { signature: 'S'.repeat(201) }, 'Signature must be at most 200 characters'],
  ])('400 %s', async (_label, over, message) => {
    listings.answer('down');
    const res = await ctx.http.post('/auth/nda-submit').send(nda(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await userCount()).toBe(0);
  });

  it('a sign-up left pending by a crash cannot sign in and is swept after 15 minutes, with its NDA at listings', async () => {
    listings.answer(200, { ndas: 1, attachments: 1 });
    const u = await createUser(ctx, { role: 'BUYER', active: false });
    await ctx.ds.query(`UPDATE identity.users SET signup_pending_since = now() WHERE id = $1`, [u.id]);
    expect((await login(ctx, u.email, u.password)).res.status).toBe(401);
    const svc = ctx.app.get(NdaService);
    expect(await svc.sweep()).toBe(0);
    expect(listings.calls).toHaveLength(0);
    await ctx.ds.query(`UPDATE identity.users SET signup_pending_since = now() - interval '16 minutes' WHERE id = $1`, [u.id]);
    expect(await svc.sweep()).toBe(1);
    expect(await userCount()).toBe(0);
    expect(listings.calls).toEqual([expect.objectContaining({ method: 'DELETE', url: `/internal/ndas/${u.id}` })]);
  });
});
