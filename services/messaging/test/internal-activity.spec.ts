import { expectInternalCallersEnforced, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';
import { as, id } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

/** POST /internal/messages/last-sent: when buyers last wrote (listings' seller Buyer Activity), never what. */
describe('internal last-sent times', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(() => resetDb(w.ctx));

  const asListings = identityHeader(serviceIdentity('listings'));

  it('answers each sender\'s newest message time, deleted copies included; users without messages are left out', async () => {
    await w.ctx.ds.query(
      `INSERT INTO messaging.messages (sender_id, sender_name, receiver_id, receiver_name, subject, content, created_at, sender_deleted_at)
       VALUES ($1, 'B', $2, 'A', 'old', 'x', '2026-01-01T10:00:00Z', NULL),
              ($1, 'B', $2, 'A', 'new', 'x', '2026-02-01T10:00:00Z', now()),
              ($2, 'A', $1, 'B', 'reply', 'x', '2026-03-01T10:00:00Z', NULL)`,
      [id('buyer'), id('agent')],
    );
    const res = await w.ctx.http.post('/internal/messages/last-sent').set(asListings).send({ userIds: [id('buyer'), id('seller')] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [{ userId: id('buyer'), at: '2026-02-01T10:00:00.000Z' }] });
  });

  it('only listings may ask: every other service\'s key answers 403', async () => {
    expect(await expectInternalCallersEnforced(w.ctx.app)).toBe(6);
    expect((await w.ctx.http.post('/internal/messages/last-sent').set(identityHeader(serviceIdentity('checklists'))).send({ userIds: [] })).status).toBe(403);
  });

  it('is for services only (users 403, no token 401) and validates the ids (400)', async () => {
    for (const who of ['broker', 'agent', 'seller', 'buyer'] as const) {
      expect((await w.ctx.http.post('/internal/messages/last-sent').set(as(who)).send({ userIds: [] })).status).toBe(403);
    }
    expect((await w.ctx.http.post('/internal/messages/last-sent').send({ userIds: [] })).status).toBe(401);
    expect((await w.ctx.http.post('/internal/messages/last-sent').set(asListings).send({ userIds: ['nope'] })).status).toBe(400);
  });
});
