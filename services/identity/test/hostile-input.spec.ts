import { INPUT_MSG } from '@brokerage/contracts';
import { createApp, resetDb, uniqueEmail, type Ctx } from './helpers.js';

/** Issue 18 §3: a NUL reached PostgreSQL (which refuses 0x00) and answered 500; now 400 at the edge, nothing stored. */
describe('identity: hostile text answers 400', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  it('register with a NUL in a text field → 400 {message, field}, no user stored', async () => {
    const email = uniqueEmail('nul');
    const base = { name: 'Jane Buyer', email, phone: '(415) 555-0199', password: 'secret-pass', confirmPassword: 'secret-pass', role: 'BUYER' };
    for (const [field, body] of [
      ['name', { ...base, name: 'Jane\u0000Buyer' }],
      ['interestedInSpecificBusiness', { ...base, interestedInSpecificBusiness: 'Coffee\u0000shop' }],
    ] as const) {
      const res = await ctx.http.post('/auth/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INPUT_MSG.nul, field });
    }
    const surrogate = await ctx.http.post('/auth/register').set('content-type', 'application/json')
      .send(JSON.stringify({ ...base, name: 'Jane' }).replace('"Jane"', '"Jane\\udc00"'));
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toEqual({ message: INPUT_MSG.loneSurrogate, field: 'name' });
    const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM identity.users WHERE email = $1', [email]);
    expect(n).toBe(0);
  });

  it('login with a NUL in the e-mail or password → 400, not 500', async () => {
    const res = await ctx.http.post('/auth/login').send({ email: 'someone\u0000@example.com', password: 'secret-pass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INPUT_MSG.nul, field: 'email' });
    const pw = await ctx.http.post('/auth/login').send({ email: 'someone@example.com', password: 'secret\u0000pass' });
    expect(pw.status).toBe(400);
    expect(pw.body).toEqual({ message: INPUT_MSG.nul, field: 'password' });
  });
});
