import { MESSAGING_MSG, messagePageSchema, sendMessageResponseSchema, type Message } from '@brokerage/contracts';
import { expectEveryRouteHasAccessRule, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';
import { as, EXE, id, PDF, PEOPLE, PNG, type Person } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

const ALL: Person[] = ['broker', 'agent', 'seller', 'buyer'];

describe('messages: send, inbox/sent, read, delete, attachments', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(() => resetDb(w.ctx));

  const http = () => w.ctx.http;
  const send = (from: Person, to: Person, subject = 'Hello', content = 'About the bakery', files: Array<[Buffer, string]> = []) => {
    let req = http().post('/messages/send').set(as(from)).field('receiverId', id(to)).field('subject', subject).field('content', content);
    for (const [buf, name] of files) req = req.attach('attachments', buf, name);
    return req;
  };
  const sendOk = async (from: Person, to: Person, files: Array<[Buffer, string]> = [], subject = 'Hello'): Promise<Message> => {
    const res = await send(from, to, subject, 'About the bakery', files);
    expect(res.status).toBe(201);
    return sendMessageResponseSchema.parse(res.body).data;
  };
  const inbox = async (who: Person) => messagePageSchema.parse((await http().get('/messages/inbox').set(as(who))).body).messages;
  const sent = async (who: Person) => messagePageSchema.parse((await http().get('/messages/sent').set(as(who))).body).messages;

  it('every route has an access rule', () => {
    expectEveryRouteHasAccessRule(w.ctx.app);
  });

  it.each(ALL)('%s sends to a contact: in their Sent and the receiver\'s inbox, unread, with names', async (who) => {
    const to: Person = who === 'broker' ? 'buyer' : 'broker';
    const res = await send(who, to, 'Question', 'When can we talk?');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGING_MSG.sent);
    const [inMsg] = await inbox(to);
    expect(inMsg).toMatchObject({ subject: 'Question', content: 'When can we talk?', senderId: id(who), receiverId: id(to), isRead: false, readAt: null, source: 'PORTAL', attachments: [] });
    expect([inMsg.senderName, inMsg.receiverName]).toEqual([PEOPLE[who].name, PEOPLE[to].name]);
    // the listed copy prints the same instant as the send's answer, in ISO 8601 UTC
    expect(inMsg.createdAt).toBe(res.body.data.createdAt);
    expect(new Date(inMsg.createdAt).toISOString()).toBe(inMsg.createdAt);
    expect((await sent(who)).map((m) => m.id)).toEqual([inMsg.id]);
    expect(await inbox(who)).toEqual([]);
  });

  it('sending to someone who is not a contact answers 403 and stores nothing', async () => {
    const res = await send('buyer2', 'agent');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGING_MSG.notContact });
    expect((await send('buyer', 'buyer2')).status).toBe(403);
    expect(await inbox('agent')).toEqual([]);
  });

  it('recipient, subject and message are required (400 with the field\'s message)', async () => {
    expect((await send('buyer', 'agent', '  ')).body).toMatchObject({ message: MESSAGING_MSG.subjectRequired });
    expect((await send('buyer', 'agent', 'Hi', '')).body).toMatchObject({ message: MESSAGING_MSG.contentRequired });
    const noRecipient = await http().post('/messages/send').set(as('buyer')).field('subject', 'Hi').field('content', 'x');
    expect(noRecipient.status).toBe(400);
    expect(noRecipient.body).toMatchObject({ message: MESSAGING_MSG.recipientRequired });
    const badId = await http().post('/messages/send').set(as('buyer')).field('receiverId', 'abc').field('subject', 'Hi').field('content', 'x');
    expect(badId.status).toBe(400);
  });

  it('a JSON body, an unknown field, a cut-off multipart body are 400s', async () => {
    const json = await http().post('/messages/send').set(as('buyer')).send({ receiverId: id('agent'), subject: 'a', content: 'b' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: MESSAGING_MSG.notMultipart });
    const unknown = await send('buyer', 'agent').field('cc', id('broker'));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: MESSAGING_MSG.unknownField('cc') });
    const cut = await http()
      .post('/messages/send')
      .set(as('buyer'))
      .set('content-type', 'multipart/form-data; boundary=XYZ')
      .send(`--XYZ\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc`);
    expect(cut.status).toBe(400);
    expect(await inbox('agent')).toEqual([]);
  });

  it('attachments: two files stored, listed with size and a download URL; sender and receiver download them', async () => {
    const msg = await sendOk('buyer', 'agent', [[PDF, 'offer.pdf'], [PNG, 'photo.png']]);
    expect(msg.attachments.map((a) => [a.fileName, a.fileSize])).toEqual([['offer.pdf', PDF.length], ['photo.png', PNG.length]]);
    const [inMsg] = await inbox('agent');
    expect(inMsg.attachments).toEqual(msg.attachments);
    const [pdf] = msg.attachments;
    expect(pdf.fileUrl).toBe(`/api/messages/${msg.id}/attachments/${pdf.id}`);
    for (const who of ['buyer', 'agent'] as Person[]) {
      const res = await http().get(`/messages/${msg.id}/attachments/${pdf.id}`).set(as(who)).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment; filename="offer.pdf"');
      expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
    }
  });

  it('attachments: a disguised file, a forbidden extension, an empty file are refused and nothing is sent', async () => {
    const disguised = await send('buyer', 'agent', 'x', 'y', [[EXE, 'invoice.pdf']]);
    expect(disguised.status).toBe(400);
    expect(disguised.body).toEqual({ message: MESSAGING_MSG.contentMismatch('invoice.pdf') });
    const pngAsPdf = await send('buyer', 'agent', 'x', 'y', [[PNG, 'scan.pdf']]);
    expect(pngAsPdf.body).toEqual({ message: MESSAGING_MSG.contentMismatch('scan.pdf') });
    const exe = await send('buyer', 'agent', 'x', 'y', [[EXE, 'setup.exe']]);
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain('setup.exe: file type not allowed');
    const empty = await send('buyer', 'agent', 'x', 'y', [[Buffer.alloc(0), 'empty.pdf']]);
    expect(empty.status).toBe(400);
    expect(await inbox('agent')).toEqual([]);
  });

  it('attachments: more than 10 files → 400; a file over 25 MB → 413', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => [PDF, `f${i}.pdf`] as [Buffer, string]);
    const many = await send('buyer', 'agent', 'x', 'y', eleven);
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ message: MESSAGING_MSG.tooManyFiles(10) });
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const large = await send('buyer', 'agent', 'x', 'y', [[big, 'big.pdf']]);
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ message: MESSAGING_MSG.tooLarge('big.pdf', 25) });
    expect(await inbox('agent')).toEqual([]);
  });

  it('only the receiver marks a message read (PUT and PATCH); others get 404', async () => {
    const msg = await sendOk('seller', 'agent');
    expect((await http().put(`/messages/${msg.id}/read`).set(as('seller'))).status).toBe(404);
    expect((await http().put(`/messages/${msg.id}/read`).set(as('buyer'))).status).toBe(404);
    expect((await http().put(`/messages/${msg.id}/read`).set(as('broker'))).status).toBe(404);
    const res = await http().put(`/messages/${msg.id}/read`).set(as('agent'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGING_MSG.markedRead });
    const [read] = await inbox('agent');
    expect(read.isRead).toBe(true);
    expect(new Date(read.readAt!).toISOString()).toBe(read.readAt);
    expect(Date.parse(read.readAt!)).toBeGreaterThanOrEqual(Date.parse(read.createdAt));
    expect((await sent('seller'))[0].isRead).toBe(true);
    expect((await http().patch(`/messages/${msg.id}/read`).set(as('agent'))).status).toBe(200);
    expect((await http().put('/messages/00000000-0000-4000-8000-00000000beef/read').set(as('agent'))).status).toBe(404);
    expect((await http().put('/messages/not-a-uuid/read').set(as('agent'))).status).toBe(404);
  });

  it('delete removes the caller\'s copy only; the other side keeps it; others get 404', async () => {
    const msg = await sendOk('buyer', 'agent', [[PDF, 'offer.pdf']]);
    const att = msg.attachments[0];
    expect((await http().delete(`/messages/${msg.id}`).set(as('seller'))).status).toBe(404);
    expect((await http().delete(`/messages/${msg.id}`).set(as('broker'))).status).toBe(404);
    const del = await http().delete(`/messages/${msg.id}`).set(as('agent'));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: MESSAGING_MSG.deleted });
    expect(await inbox('agent')).toEqual([]);
    expect((await sent('buyer')).map((m) => m.id)).toEqual([msg.id]);
    expect((await http().delete(`/messages/${msg.id}`).set(as('agent'))).status).toBe(404);
    expect((await http().put(`/messages/${msg.id}/read`).set(as('agent'))).status).toBe(404);
    expect((await http().get(`/messages/${msg.id}/attachments/${att.id}`).set(as('agent'))).status).toBe(404);
    expect((await http().get(`/messages/${msg.id}/attachments/${att.id}`).set(as('buyer'))).status).toBe(200);
    expect((await http().delete(`/messages/${msg.id}`).set(as('buyer'))).status).toBe(200);
    expect(await sent('buyer')).toEqual([]);
    expect(await w.ctx.ds.query('SELECT id FROM messaging.messages')).toEqual([]);
  });

  it('an attachment downloads only for its sender and receiver, and only through its own message', async () => {
    const msg = await sendOk('buyer', 'agent', [[PDF, 'offer.pdf']]);
    const other = await sendOk('seller', 'agent');
    const att = msg.attachments[0];
    for (const who of ['seller', 'broker', 'buyer2', 'agent2'] as Person[]) {
      const res = await http().get(`/messages/${msg.id}/attachments/${att.id}`).set(as(who));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGING_MSG.attachmentNotFound });
    }
    expect((await http().get(`/messages/${other.id}/attachments/${att.id}`).set(as('seller'))).status).toBe(404);
  });

  it('without a session every route answers 401; a service token is not a user (403); email-agent is for buyers only', async () => {
    const svc = identityHeader(serviceIdentity('listings'));
    const mid = '00000000-0000-4000-8000-00000000beef';
    const routes: Array<[string, string]> = [
      ['get', '/messages/inbox'], ['get', '/messages/sent'], ['post', '/messages/send'], ['put', `/messages/${mid}/read`],
      ['patch', `/messages/${mid}/read`], ['delete', `/messages/${mid}`], ['get', `/messages/${mid}/attachments/${mid}`], ['post', '/buyer/email-agent'],
    ];
    for (const [method, path] of routes) {
      const call = (h?: Record<string, string>) => {
        const r = (http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path);
        return h ? r.set(h) : r;
      };
      expect((await call()).status).toBe(401);
      expect((await call(svc)).status).toBe(403);
    }
    for (const who of ['broker', 'agent', 'seller'] as Person[]) {
      const res = await http().post('/buyer/email-agent').set(as(who)).send({ subject: 'a', content: 'b' });
      expect(res.status).toBe(403);
    }
  });
});
