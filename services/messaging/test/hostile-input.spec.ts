import { INPUT_MSG, messagePageSchema } from '@brokerage/contracts';
import { as, id, PDF } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

/** Issue 18 §3: a NUL reached PostgreSQL (which refuses 0x00) and answered 500; now 400 at the edge, nothing stored. */
describe('messaging: hostile text answers 400', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(() => resetDb(w.ctx));

  const send = (fields: Record<string, string>) => {
    let req = w.ctx.http.post('/messages/send').set(as('buyer'));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  };
  const nothingStored = async () => {
    const inbox = messagePageSchema.parse((await w.ctx.http.get('/messages/inbox').set(as('broker'))).body).messages;
    expect(inbox).toEqual([]);
    const [{ n }] = await w.ctx.ds.query('SELECT count(*)::int AS n FROM messaging.messages');
    expect(n).toBe(0);
  };

  it('send (multipart) with a NUL in the subject or content → 400 {message, field}, nothing stored', async () => {
    for (const field of ['subject', 'content'] as const) {
      const res = await send({ receiverId: id('broker'), subject: 'Hello', content: 'About the bakery', [field]: 'Ab\u0000out' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: INPUT_MSG.nul, field });
    }
    const withFile = await send({ receiverId: id('broker'), subject: 'Hello', content: 'Hi\u0000' }).attach('attachments', PDF, 'terms.pdf');
    expect(withFile.status).toBe(400);
    expect(withFile.body).toEqual({ message: INPUT_MSG.nul, field: 'content' });
    await nothingStored();
  });

  it('email-agent (JSON) with a NUL → 400, nothing stored', async () => {
    const res = await w.ctx.http.post('/buyer/email-agent').set(as('buyer')).send({ subject: 'Hi', content: 'x\u0000y' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INPUT_MSG.nul, field: 'content' });
    await nothingStored();
  });
});
