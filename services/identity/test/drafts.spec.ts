import { DRAFT_MAX_BYTES, DRAFT_MSG } from '@brokerage/contracts';
import { createApp, createUser, loginAs, resetDb, type CreatedUser, type Ctx } from './helpers.js';

const LISTING = '00000000-0000-4000-8000-000000000101';
const MESSAGE = '11111111-2222-4333-8444-555555555555';

describe('GET|PUT|DELETE /drafts/:key: server-side drafts, the owner only', () => {
  let ctx: Ctx;
  let broker: CreatedUser, agent: CreatedUser, buyer: CreatedUser;
  const headers = new Map<string, Record<string, string>>();
  const as = async (u: CreatedUser) => {
    if (!headers.has(u.id)) headers.set(u.id, (await loginAs(ctx, u)).headers);
    return headers.get(u.id)!;
  };
  const key = (k: string) => `/drafts/${encodeURIComponent(k)}`;

  beforeAll(async () => {
    ctx = await createApp();
    await resetDb(ctx);
    broker = await createUser(ctx, { role: 'BROKER', name: 'Bea Broker' });
    agent = await createUser(ctx, { role: 'AGENT', name: 'Al Agent' });
    buyer = await createUser(ctx, { role: 'BUYER', name: 'Ben Buyer' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('401 without a session', async () => {
    expect((await ctx.http.get(key('listing:new'))).status).toBe(401);
    expect((await ctx.http.put(key('listing:new')).send({ data: {} })).status).toBe(401);
  });

  it('keeps, restores and replaces the caller\'s draft; 404 before there is one', async () => {
    const none = await ctx.http.get(key('listing:new')).set(await as(broker));
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: DRAFT_MSG.notFound });

    const saved = await ctx.http.put(key('listing:new')).set(await as(broker)).send({ data: { title: 'Corner bakery', price: '250000' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: 'listing:new', data: { title: 'Corner bakery', price: '250000' }, updatedAt: expect.any(String) });

    await ctx.http.put(key('listing:new')).set(await as(broker)).send({ data: { title: 'Corner bakery & café' } }).expect(200);
    const back = await ctx.http.get(key('listing:new')).set(await as(broker));
    expect(back.status).toBe(200);
    expect(back.body.data).toEqual({ title: 'Corner bakery & café' });
  });

  it('another user never reads, changes or discards it: 404, their own draft apart', async () => {
    await ctx.http.put(key(`listing:${LISTING}`)).set(await as(broker)).send({ data: { title: 'Mine' } }).expect(200);
    const other = await ctx.http.get(key(`listing:${LISTING}`)).set(await as(agent));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: DRAFT_MSG.notFound });
    expect(JSON.stringify(other.body)).not.toContain('Mine');

    await ctx.http.put(key(`listing:${LISTING}`)).set(await as(agent)).send({ data: { title: 'Theirs' } }).expect(200);
    await ctx.http.delete(key(`listing:${LISTING}`)).set(await as(agent)).expect(200);
    const mine = await ctx.http.get(key(`listing:${LISTING}`)).set(await as(broker));
    expect(mine.body.data).toEqual({ title: 'Mine' });
  });

  it('discard: gone after DELETE (a second DELETE answers the same)', async () => {
    const k = key(`message:reply:${MESSAGE}`);
    await ctx.http.put(k).set(await as(buyer)).send({ data: { subject: 'Re: Hello', content: 'Thanks' } }).expect(200);
    const del = await ctx.http.delete(k).set(await as(buyer));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: DRAFT_MSG.discarded });
    expect((await ctx.http.get(k).set(await as(buyer))).status).toBe(404);
    expect((await ctx.http.delete(k).set(await as(buyer))).status).toBe(200);
  });

  it(`over ${DRAFT_MAX_BYTES / 1024} KB → 413 with a clear message, nothing kept`, async () => {
    const res = await ctx.http.put(key('message:new')).set(await as(buyer)).send({ data: { content: 'x'.repeat(DRAFT_MAX_BYTES) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: DRAFT_MSG.tooLarge });
    expect((await ctx.http.get(key('message:new')).set(await as(buyer))).status).toBe(404);
    // just under the limit is kept
    await ctx.http.put(key('message:new')).set(await as(buyer)).send({ data: { content: 'x'.repeat(DRAFT_MAX_BYTES - 100) } }).expect(200);
  });

  it('validation: an unknown form key or a body without an object of fields → 400 {message, field}', async () => {
    for (const bad of ['listing:abc', 'questionnaire', 'message:reply:new', `message:${MESSAGE}`]) {
      const res = await ctx.http.put(key(bad)).set(await as(broker)).send({ data: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: DRAFT_MSG.badKey, field: 'key' });
      expect((await ctx.http.get(key(bad)).set(await as(broker))).status).toBe(400);
    }
    for (const body of [{}, { data: ['a'] }, { data: 'text' }]) {
      const res = await ctx.http.put(key('message:new')).set(await as(broker)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(DRAFT_MSG.dataRequired);
    }
  });

  it('a deleted user\'s drafts go with them', async () => {
    const u = await createUser(ctx, { role: 'SELLER', name: 'Short Stay' });
    await ctx.http.put(key('message:new')).set(await as(u)).send({ data: { subject: 'Hi' } }).expect(200);
    await ctx.ds.query('DELETE FROM identity.users WHERE id = $1', [u.id]);
    expect((await ctx.ds.query('SELECT 1 FROM identity.drafts WHERE user_id = $1', [u.id])).length).toBe(0);
  });
});
