import { INPUT_MSG } from '@brokerage/contracts';
import { as, createApp, resetDb, USERS, type Ctx } from './helpers.js';

/** Issue 18 §3: a NUL reached PostgreSQL (which refuses 0x00) and answered 500; now 400 at the edge, nothing stored. */
describe('listings: hostile text answers 400', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetDb(ctx));

  const count = async () => Number((await ctx.ds.query('SELECT count(*)::int AS n FROM listings.listings'))[0].n);

  it('create listing with a NUL in the title or description → 400 {message, field}, no listing stored', async () => {
    const base = { title: 'Bakery', description: 'Neighborhood bakery', price: 100000, sellerId: USERS.seller.sub };
    for (const field of ['title', 'description'] as const) {
      const res = await ctx.http.post('/broker/listings').set(as('broker')).send({ ...base, [field]: 'Bak\u0000ery' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INPUT_MSG.nul, field });
    }
    const deepJson = JSON.stringify(base).replace(/}$/, ',"privateSeller":' + '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_001));
    const deep = await ctx.http.post('/broker/listings').set(as('broker')).set('content-type', 'application/json').send(deepJson);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ message: INPUT_MSG.tooDeep });
    const proto = await ctx.http.post('/broker/listings').set(as('broker')).set('content-type', 'application/json')
      .send('{"title":"T","description":"D","price":1,"sellerId":"' + USERS.seller.sub + '","__proto__":{"isAdmin":true}}');
    expect(proto.status).toBe(400);
    expect(proto.body).toEqual({ message: INPUT_MSG.reservedKey, field: '__proto__' });
    expect(await count()).toBe(0);
  });

  it('a NUL in a path parameter or query → 400, not 500', async () => {
    const param = await ctx.http.get('/broker/listings/abc%00def').set(as('broker'));
    expect(param.status).toBe(400);
    expect(param.body).toMatchObject({ message: INPUT_MSG.nul });
    const query = await ctx.http.get('/broker/listings?status=ACTIVE%00').set(as('broker'));
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ message: INPUT_MSG.nul, field: 'status' });
  });
});
