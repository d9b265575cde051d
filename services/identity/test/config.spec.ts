import { ConfigError } from '@brokerage/nest-common';
import { createApp, createUser, readMail, resetDb } from './helpers.js';
import { loadIdentityConfig } from '../src/config/identity-config.js';

describe('identity configuration (read once, through its zod schema)', () => {
  const saved = process.env.PUBLIC_URL;
  afterAll(() => {
    if (saved === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = saved;
  });

  it('reset links use the PUBLIC_URL the app was built with (trailing slash dropped)', async () => {
    process.env.PUBLIC_URL = 'https://brokerage.example.com/';
    const ctx = await createApp();
    process.env.PUBLIC_URL = 'https://changed-later.example.com'; // read once: a later change does not leak in
    try {
      await resetDb(ctx);
      const u = await createUser(ctx, { role: 'BUYER' });
      expect((await ctx.http.post('/auth/reset-password').send({ email: u.email })).status).toBe(200);
      await ctx.mail.flush();
      const [mail] = await readMail(u.email);
      expect(mail!.text).toMatch(/https:\/\/brokerage\.example\.com\/reset-password\?token=[A-Za-z0-9_-]+/);
    } finally {
      await ctx.app.close();
    }
  });

  it('a malformed setting is a configuration error naming the variable', () => {
    expect(() => loadIdentityConfig({ ...process.env, ARGON2_TIME_COST: 'lots' })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ ...process.env, ARGON2_TIME_COST: 'lots' })).toThrow(/ARGON2_TIME_COST/);
    expect(loadIdentityConfig({ ...process.env, ARGON2_TIME_COST: '3' }).ARGON2_TIME_COST).toBe(3);
  });
});
