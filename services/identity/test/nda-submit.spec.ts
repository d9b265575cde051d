import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { NDA_REQUIRED_MESSAGE, REGISTRATION_DUPLICATE_EMAIL } from '@brokerage/contracts';
import { createApp, createUser, expectNoSecrets, login, resetDb, type Ctx } from './helpers.js';
import { NdaService } from '../src/nda/nda.service.js';

/** A real tiny HTTP server standing in for listings' POST /internal/ndas. */
function fakeListings(status: number, answer: unknown) {
  const calls: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: any }> = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      calls.push({ method: req.method, url: req.url, headers: req.headers, body: data ? JSON.parse(data) : undefined });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  return {
    calls,
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port where nothing listens. */
async function deadUrl(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
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
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    process.env.LISTINGS_URL = savedUrl;
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const userCount = async () => (await ctx.ds.query('SELECT count(*)::int AS c FROM identity.users'))[0].c as number;

  it('201: buyer created and active, NDA sent to listings without the password, with a service token', async () => {
    const listings = fakeListings(201, { nda: { id: 'n1' } });
    process.env.LISTINGS_URL = await listings.start();
    try {
      const res = await ctx.http.post('/auth/nda-submit').set('User-Agent', 'jest-agent').send(nda({ listingInterest: 101 }));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('NDA submitted successfully');
      expect(res.body.user).toMatchObject({ email: 'nina.nda@example.com', name: 'Nina Nda', role: 'BUYER', phone: '(209) 555-0144' });
      expectNoSecrets(res.body, ['nda-pass-1']);
      expect(listings.calls).toHaveLength(1);
      const call = listings.calls[0];
      expect(call.method).toBe('POST');
      expect(call.url).toBe('/internal/ndas');
      const claims = jwt.verify(call.headers['x-identity-token'] as string, process.env.INTERNAL_JWT_SECRET!) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: 'service:identity', role: 'SERVICE' });
      expect(call.body).toMatchObject({
        buyerId: res.body.user.id,
        listingId: '101',
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
    } finally {
      await listings.stop();
    }
  });

  it('listings answers 404: its message, and no user left behind', async () => {
    const listings = fakeListings(404, { message: 'Listing not found' });
    process.env.LISTINGS_URL = await listings.start();
    try {
      const res = await ctx.http.post('/auth/nda-submit').send(nda());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Listing not found' });
      expect(listings.calls).toHaveLength(1);
      expect(await userCount()).toBe(0);
      // and the e-mail is free again
      expect((await login(ctx, 'nina.nda@example.com', 'nda-pass-1')).res.status).toBe(401);
    } finally {
      await listings.stop();
    }
  });

  it('listings answers 500: 503 Failed to submit NDA, no user left behind, listings told to drop its side', async () => {
    const listings = fakeListings(500, { message: 'boom' });
    process.env.LISTINGS_URL = await listings.start();
    try {
      const res = await ctx.http.post('/auth/nda-submit').send(nda());
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Failed to submit NDA' });
      expect(await userCount()).toBe(0);
      const [record, undo] = listings.calls;
      expect(record).toMatchObject({ method: 'POST', url: '/internal/ndas' });
      expect(undo).toMatchObject({ method: 'DELETE', url: `/internal/ndas/${record.body.buyerId}` });
    } finally {
      await listings.stop();
    }
  });

  it('nothing listens at LISTINGS_URL: 503 Failed to submit NDA, no user left behind', async () => {
    process.env.LISTINGS_URL = await deadUrl();
    const res = await ctx.http.post('/auth/nda-submit').send(nda());
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to submit NDA' });
    expect(await userCount()).toBe(0);
  });

  it('409 on a duplicate e-mail (any case), listings not called, existing account untouched', async () => {
    const existing = await createUser(ctx, { role: 'BUYER', email: 'nina.nda@example.com' });
    const listings = fakeListings(201, {});
    process.env.LISTINGS_URL = await listings.start();
    try {
      const res = await ctx.http.post('/auth/nda-submit').send(nda());
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: REGISTRATION_DUPLICATE_EMAIL });
      expect(listings.calls).toHaveLength(0);
      expect((await login(ctx, existing.email, existing.password)).res.status).toBe(200);
    } finally {
      await listings.stop();
    }
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
  ])('400 %s', async (_label, over, message) => {
    process.env.LISTINGS_URL = await deadUrl();
    const res = await ctx.http.post('/auth/nda-submit').send(nda(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await userCount()).toBe(0);
  });

  it('a sign-up left pending by a crash cannot sign in and is swept after 15 minutes, with its NDA at listings', async () => {
    const listings = fakeListings(200, { ndas: 1, attachments: 1 });
    process.env.LISTINGS_URL = await listings.start();
    try {
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
    } finally {
      await listings.stop();
    }
  });
});
