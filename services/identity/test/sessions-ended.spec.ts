import { createPublicKey } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';
import type { Redis } from 'ioredis';
import {
  IDENTITY_HEADER, IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER, SESSIONS_ENDED_CHANNEL,
  type SessionsEndedNotice,
} from '@brokerage/contracts';
import { signTestJwt, waitFor } from '@brokerage/nest-common/testing';
import { createApp, createUser, login, loginAs, readMail, resetDb, serviceHeader, sha256, type CreatedUser, type Ctx } from './helpers.js';

// issue 18 §3: a session's end is announced to the gateways (they close its live-event streams), the session cache
// entry is bound to its key, and a token without exp is refused.

describe('sessions that end are announced on SESSIONS_ENDED_CHANNEL', () => {
  let ctx: Ctx;
  let sub: Redis;
  let broker: CreatedUser;
  let brokerHeaders: Record<string, string>;
  const notices: SessionsEndedNotice[] = [];

  beforeAll(async () => {
    ctx = await createApp();
    sub = ctx.redis.duplicate();
    sub.on('message', (_channel: string, raw: string) => notices.push(JSON.parse(raw) as SessionsEndedNotice));
    await sub.subscribe(SESSIONS_ENDED_CHANNEL);
  });
  afterAll(async () => {
    sub.disconnect();
    await ctx.app.close();
  });
  beforeEach(async () => {
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER' });
    brokerHeaders = (await loginAs(ctx, broker)).headers;
    notices.length = 0;
  });

  /** Waits for the notices naming these tokens (any number of notices, any order). */
  const announced = async (...tokens: string[]) => {
    const hashes = await Promise.all(tokens.map(sha256));
    const end = Date.now() + 3000;
    for (;;) {
      const seen = new Set(notices.flatMap((n) => n.tokenHashes));
      if (hashes.every((h) => seen.has(h))) return;
      if (Date.now() > end) throw new Error(`not announced: ${hashes.filter((h) => !seen.has(h)).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /**
   * No notice named this token: a marker published now is heard after anything the request published (identity
   * publishes before it answers; Redis delivers in the order it ran the PUBLISHes), so no guessed wait is needed.
   */
  const silentFor = async (token: string) => {
    const marker = `marker-${notices.length}-${Date.now()}`;
    await ctx.redis.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify({ tokenHashes: [marker] } satisfies SessionsEndedNotice));
    await waitFor(async () => notices.some((n) => n.tokenHashes.includes(marker)));
    const h = await sha256(token);
    expect(notices.some((n) => n.tokenHashes.includes(h))).toBe(false);
  };

  it('sign-out announces that session only', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const s = await loginAs(ctx, u);
    const other = await login(ctx, u.email, u.password);
    expect((await ctx.http.post('/auth/logout').set(s.headers)).status).toBe(200);
    await announced(s.token);
    await silentFor(other.token);
  });

  it('a password reset announces every session of the user', async () => {
    const u = await createUser(ctx, { role: 'SELLER' });
    const s1 = await login(ctx, u.email, u.password);
    const s2 = await login(ctx, u.email, u.password);
    await ctx.http.post('/auth/reset-password').send({ email: u.email }).expect(200);
    await ctx.mail.flush();
    const mail = (await readMail(u.email)).filter((m) => m.subject === 'Reset your password').at(-1)!;
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await ctx.http.post('/auth/reset-password').send({ token: link, newPassword: 'brand-new-pass' })).status).toBe(200);
    await announced(s1.token, s2.token);
  });

  it('archive announces every session of the user (broker people and admin routes)', async () => {
    const seller = await createUser(ctx, { role: 'SELLER' });
    const agent = await createUser(ctx, { role: 'AGENT' });
    const s = await login(ctx, seller.email, seller.password);
    const a = await login(ctx, agent.email, agent.password);
    expect((await ctx.http.patch(`/broker/sellers/${seller.id}/archive`).set(brokerHeaders)).status).toBe(200);
    expect((await ctx.http.patch(`/admin/users/${agent.id}/archive`).set(brokerHeaders)).status).toBe(200);
    await announced(s.token, a.token);
  });

  it('delete announces every session of the user', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const s1 = await login(ctx, u.email, u.password);
    const s2 = await login(ctx, u.email, u.password);
    expect((await ctx.http.delete(`/broker/buyers/${u.id}`).set(brokerHeaders)).status).toBe(200);
    await announced(s1.token, s2.token);
  });

  it('a new password set by the broker announces every session; an edit of the name ends none', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const kept = await login(ctx, u.email, u.password);
    expect((await ctx.http.put(`/admin/users/${u.id}`).set(brokerHeaders).send({ name: 'Renamed Buyer' })).status).toBe(200);
    await silentFor(kept.token);
    expect((await ctx.http.put(`/admin/users/${u.id}`).set(brokerHeaders).send({ password: 'brand-new-pass' })).status).toBe(200);
    await announced(kept.token);
  });
});

describe('session cache entry and token expiry', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('the cache entry names the token hash it is stored under (claim th)', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, u.email, u.password);
    await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token }).expect(200);
    const hash = await sha256(token);
    const [pub] = JSON.parse(process.env.SESSION_CACHE_PUBLIC_KEYS!).keys;
    const { payload: entry } = await jwtVerify((await ctx.redis.get(`session:${hash}`))!, createPublicKey({ key: pub, format: 'jwk' }), {
      algorithms: ['ES256'], issuer: 'brokerage-identity', audience: 'brokerage-gateway',
    });
    expect(entry).toMatchObject({ sub: u.id, th: hash });
  });

  /** A token signed with the right key, issuer and audience, with or without exp. */
  const signed = (jwkText: string, payload: Record<string, unknown>, sub: string, issuer: string, audience: string, withExp: boolean) => {
    const iat = Math.floor(Date.now() / 1000);
    const token = signTestJwt({ ...payload, sub, iss: issuer, aud: audience, iat, ...(withExp ? { exp: iat + 60 } : {}) }, { privateJwk: jwkText });
    expect(Object.hasOwn(decodeJwt(token), 'exp')).toBe(withExp);
    return token;
  };

  it('a user identity token without exp is 401; the same token with exp is accepted', async () => {
    const u = await createUser(ctx, { role: 'BROKER' });
    const { sub, ...claims } = (await loginAs(ctx, u)).claims;
    const call = (withExp: boolean) => ctx.http.get('/users')
      .set(IDENTITY_HEADER, signed(process.env.IDENTITY_JWT_PRIVATE_KEY!, claims, sub, IDENTITY_JWT_ISSUER, IDENTITY_JWT_AUDIENCE, withExp));
    expect((await call(true)).status).toBe(200);
    const res = await call(false);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('a service token without exp is 401 on an internal route; the same token with exp is accepted', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const { token } = await login(ctx, u.email, u.password);
    // the gateway's service key (one key per service; SERVICE_JWT_PRIVATE_KEY before that)
    const key = process.env.SERVICE_JWT_PRIVATE_KEY_GATEWAY ?? process.env.SERVICE_JWT_PRIVATE_KEY!;
    const call = (withExp: boolean) => ctx.http.post('/internal/sessions/resolve')
      .set(IDENTITY_HEADER, signed(key, { role: 'SERVICE', name: 'gateway' }, 'service:gateway', SERVICE_JWT_ISSUER, SERVICE_JWT_AUDIENCE, withExp))
      .send({ token });
    expect((await call(true)).status).toBe(200);
    expect((await call(false)).status).toBe(401);
  });
});
