import { REGISTRATION_DUPLICATE_EMAIL } from '@brokerage/contracts';
import { createApp, expectNoSecrets, resetDb, uniqueEmail, type Ctx } from './helpers.js';

const valid = () => ({
  name: 'Jane Buyer',
  email: uniqueEmail('jane'),
  phone: '(415) 555-0199',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  role: 'BUYER',
});

describe('POST /auth/register', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  // The eight checks of spec part 1 §5, in order: each case also breaks every later rule, so the order shows.
  const cases: Array<[string, Record<string, unknown>]> = [
    ['Name is required', { name: '  ', email: '', phone: '', password: '', confirmPassword: 'x', role: 'AGENT' }],
    ['Email is required', { name: 'A', email: '', phone: '', password: '', confirmPassword: 'x', role: 'AGENT' }],
    ['Please enter a valid email address', { name: 'A', email: 'not-an-email', phone: '', password: '', confirmPassword: 'x', role: 'AGENT' }],
    ['Phone number is required', { name: 'A', email: 'a@b.co', phone: ' ', password: '', confirmPassword: 'x', role: 'AGENT' }],
    ['Password is required', { name: 'A', email: 'a@b.co', phone: '1', password: '', confirmPassword: 'x', role: 'AGENT' }],
    ['Password must be at least 6 characters long', { name: 'A', email: 'a@b.co', phone: '1', password: '12345', confirmPassword: 'x', role: 'AGENT' }],
    ['Passwords do not match', { name: 'A', email: 'a@b.co', phone: '1', password: '123456', confirmPassword: '1234567', role: 'AGENT' }],
    ['Please select whether you are a buyer or seller', { name: 'A', email: 'a@b.co', phone: '1', password: '123456', confirmPassword: '123456', role: 'AGENT' }],
  ];
  it.each(cases)('400 %s', async (message, body) => {
    const res = await ctx.http.post('/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses BROKER and missing role with the role message', async () => {
    for (const role of ['BROKER', undefined, '']) {
      const res = await ctx.http.post('/auth/register').send({ ...valid(), role });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select whether you are a buyer or seller');
    }
  });

  it('empty body → first message', async () => {
    const res = await ctx.http.post('/auth/register').send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Name is required' });
  });

  it('201 for a buyer with every optional field stored, no secret in the answer', async () => {
    const optional = {
      workingWithRepresentative: 'No',
      interestedInSpecificBusiness: 'Coffee shop in Oakland',
      availableFunds: '250000',
      fundsSources: 'Savings, SBA loan',
      minimumMoneyNeeded: '120000',
      totalPriceWilling: '800000',
      lookingToBuyLocation: 'East Bay',
      address: 'Suite 4',
      streetAddress: '1 Main St',
      city: 'Oakland',
      state: 'CA',
      zipCode: '94607',
    };
    const body = { ...valid(), email: 'Jane.Mixed@Example.COM', ...optional };
    const res = await ctx.http.post('/auth/register').send(body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration successful');
    expect(res.body.user).toMatchObject({ email: 'jane.mixed@example.com', name: 'Jane Buyer', role: 'BUYER', phone: '(415) 555-0199' });
    expect(Object.keys(res.body.user).sort()).toEqual(['email', 'id', 'name', 'phone', 'role']);
    expectNoSecrets(res.body, ['secret-pass']);
    const [row] = await ctx.ds.query('SELECT email, role, profile, password_hash, password_set_at FROM identity.users WHERE id = $1', [res.body.user.id]);
    expect(row.email).toBe('jane.mixed@example.com');
    expect(row.profile).toEqual(optional);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_set_at).toBeTruthy();
  });

  it('accepts a lower-case seller role and stores it upper-case', async () => {
    const res = await ctx.http.post('/auth/register').send({ ...valid(), role: 'seller' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('SELLER');
  });

  it('409 on a duplicate e-mail in another case', async () => {
    const first = valid();
    expect((await ctx.http.post('/auth/register').send(first)).status).toBe(201);
    const res = await ctx.http.post('/auth/register').send({ ...valid(), email: `  ${first.email.toUpperCase()} ` });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: REGISTRATION_DUPLICATE_EMAIL });
    const [{ count }] = await ctx.ds.query('SELECT count(*)::int AS count FROM identity.users');
    expect(count).toBe(1);
  });

  it('the registered user can sign in', async () => {
    const body = valid();
    await ctx.http.post('/auth/register').send(body).expect(201);
    const res = await ctx.http.post('/auth/login').send({ email: body.email.toUpperCase(), password: body.password });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('BUYER');
  });

  it.each([
    ['name', { name: 'N'.repeat(201) }, 'Name must be at most 200 characters'],
    ['e-mail', { email: `${'e'.repeat(320)}@example.com` }, 'Email must be at most 320 characters'],
    ['phone', { phone: '5'.repeat(51) }, 'Phone number must be at most 50 characters'],
    ['optional answer', { city: 'x'.repeat(2001) }, 'Each answer must be at most 2000 characters'],
  ])('400 naming the field on an over-long %s, nothing stored', async (_label, over, message) => {
    const res = await ctx.http.post('/auth/register').send({ ...valid(), ...over });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field: Object.keys(over)[0] });
    expect((await ctx.ds.query('SELECT count(*)::int AS n FROM identity.users'))[0].n).toBe(0);
  });

  it('two concurrent registrations with the same e-mail: one 201, one 409', async () => {
    const body = valid();
    const [a, b] = await Promise.all([
      ctx.http.post('/auth/register').send(body),
      ctx.http.post('/auth/register').send({ ...body, email: body.email.toUpperCase() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body).toEqual({ message: REGISTRATION_DUPLICATE_EMAIL });
  });
});
