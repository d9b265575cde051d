import { jest } from '@jest/globals';
import { RESET_LINK_INVALID, RESET_REQUEST_ACCEPTED, RESET_SUCCESS } from '@brokerage/contracts';
import { PasswordService } from '../src/users/password.service.js';
import { createApp, createUser, expectNoSecrets, login, readMail, resetDb, serviceHeader, sha256, type Ctx } from './helpers.js';

describe('POST /auth/reset-password (deviation 1)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  const requestLink = async (email: string) => {
    const res = await ctx.http.post('/auth/reset-password').send({ email });
    await ctx.mail.flush();
    return res;
  };
  const tokenFromMail = async (to: string) => {
    const mails = (await readMail(to)).filter((m) => m.subject === 'Reset your password');
    const m = mails.at(-1)!;
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text);
    return match![1];
  };
  const confirm = (token: string, newPassword: string) => ctx.http.post('/auth/reset-password').send({ token, newPassword });

  it('e-mails a single-use link (mail file written), stores the token hashed with a 1 h expiry', async () => {
    const u = await createUser(ctx, { role: 'SELLER', email: 'reset.me@example.com' });
    const res = await requestLink('Reset.Me@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET_REQUEST_ACCEPTED });
    const mails = await readMail(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: u.email, subject: 'Reset your password' });
    expect(mails[0].text).toContain('http://localhost:8080/reset-password?token=');
    expect(mails[0].html).toContain('http://localhost:8080/reset-password?token=');
    expect(mails[0].text).toContain('expires in 1 hour');
    expect(typeof mails[0].sentAt).toBe('string');
    const token = await tokenFromMail(u.email);
    const [row] = await ctx.ds.query('SELECT token_hash, expires_at, created_at, used_at FROM identity.password_reset_tokens');
    expect(row.token_hash).toBe(await sha256(token));
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(59 * 60_000);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    expect(row.used_at).toBeNull();
  });

  it('same answer and no mail for an unknown or archived e-mail', async () => {
    const archived = await createUser(ctx, { role: 'BUYER', active: false });
    for (const email of ['nobody@example.com', archived.email]) {
      const res = await requestLink(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: RESET_REQUEST_ACCEPTED });
    }
    expect(await readMail()).toHaveLength(0);
    const [{ count }] = await ctx.ds.query('SELECT count(*)::int AS count FROM identity.password_reset_tokens');
    expect(count).toBe(0);
  });

  it('the link sets the password once, revokes every session and its cache key', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    const s1 = await login(ctx, u.email, u.password);
    const s2 = await login(ctx, u.email, u.password);
    await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s1.token }).expect(200);
    await requestLink(u.email);
    const token = await tokenFromMail(u.email);
    const ok = await confirm(token, 'brand-new-pass');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: RESET_SUCCESS });
    expectNoSecrets(ok.body, ['brand-new-pass']);
    for (const s of [s1, s2]) {
      expect((await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: s.token })).status).toBe(401);
    }
    expect(await ctx.redis.exists(`session:${await sha256(s1.token)}`)).toBe(0);
    expect((await login(ctx, u.email, u.password)).res.status).toBe(401);
    expect((await login(ctx, u.email, 'brand-new-pass')).res.status).toBe(200);
    const [row] = await ctx.ds.query('SELECT password_hash FROM identity.users WHERE id = $1', [u.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // single use
    const again = await confirm(token, 'another-pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: RESET_LINK_INVALID });
    await ctx.mail.flush();
    expect((await readMail(u.email)).map((m) => m.subject)).toContain('Your password was changed');
  });

  it('an expired link is refused', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    await requestLink(u.email);
    const token = await tokenFromMail(u.email);
    await ctx.ds.query(`UPDATE identity.password_reset_tokens SET expires_at = now() - interval '1 second'`);
    const res = await confirm(token, 'brand-new-pass');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: RESET_LINK_INVALID });
    expect((await login(ctx, u.email, u.password)).res.status).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    await requestLink(u.email);
    const first = await tokenFromMail(u.email);
    await requestLink(u.email);
    const second = await tokenFromMail(u.email);
    expect(second).not.toBe(first);
    expect((await confirm(first, 'brand-new-pass')).status).toBe(400);
    expect((await confirm(second, 'brand-new-pass')).status).toBe(200);
  });

  it('unknown token → 400 invalid link; short password → 400 length message (token kept)', async () => {
    const unknown = await confirm('x'.repeat(43), 'brand-new-pass');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: RESET_LINK_INVALID });
    const u = await createUser(ctx, { role: 'BUYER' });
    await requestLink(u.email);
    const token = await tokenFromMail(u.email);
    const short = await confirm(token, '12345');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters long');
    expect((await confirm(token, '123456')).status).toBe(200);
  });

  it('400 for a missing or invalid e-mail', async () => {
    const missing = await ctx.http.post('/auth/reset-password').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Email is required');
    const invalid = await ctx.http.post('/auth/reset-password').send({ email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Please enter a valid email address');
  });

  it('the same link used twice at once: exactly one success', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    await requestLink(u.email);
    const token = await tokenFromMail(u.email);
    const results = await Promise.all([confirm(token, 'first-new-pass'), confirm(token, 'second-new-pass')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('an unknown, used or expired token is refused before the new password is hashed (no argon2 work)', async () => {
    const u = await createUser(ctx, { role: 'BUYER' });
    await requestLink(u.email);
    const used = await tokenFromMail(u.email);
    expect((await confirm(used, 'first-new-pass')).status).toBe(200);
    await requestLink(u.email);
    const expired = await tokenFromMail(u.email);
    await ctx.ds.query(`UPDATE identity.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const hash = jest.spyOn(ctx.app.get(PasswordService), 'hash');
    try {
      for (const token of ['x'.repeat(43), used, expired]) {
        const res = await confirm(token, 'another-new-pass');
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: RESET_LINK_INVALID });
      }
      expect(hash).not.toHaveBeenCalled();
      // a live link does hash (the spy sees the real call)
      await requestLink(u.email);
      expect((await confirm(await tokenFromMail(u.email), 'second-new-pass')).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });
});
