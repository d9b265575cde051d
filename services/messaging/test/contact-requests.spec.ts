import { CALLBACK_SUCCESS, CONTACT_SUCCESS } from '@brokerage/contracts';
import { as, createApp, resetDb, USERS, type Ctx, type Who } from './helpers.js';

const contact = {
  firstName: 'Dana', lastName: 'Reyes', email: 'Dana@Example.com', phone: '(408) 555-0199',
  subject: 'Selling my bakery', message: 'I would like to know what my bakery is worth.',
};
const callback = { firstName: 'Chris', lastName: 'Park', email: 'chris@example.com', message: 'Please call after 3pm.' };
const ROLES: Who[] = ['broker', 'agent', 'seller', 'buyer'];

describe('contact messages and callback requests', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });
  beforeEach(() => resetDb(ctx));

  describe('POST /auth/contact-message (public)', () => {
    it('stores the message for an anonymous visitor: 201 {message: CONTACT_SUCCESS}', async () => {
      const res = await ctx.http.post('/auth/contact-message').set('user-agent', 'jest-agent').send(contact);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: CONTACT_SUCCESS });
      const rows = await ctx.ds.query('SELECT * FROM messaging.contact_messages');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Dana', email: 'dana@example.com', subject: 'Selling my bakery', sender_user_id: null, user_agent: 'jest-agent' });
    });

    it.each(ROLES)('accepts a signed-in %s and records who sent it', async (who) => {
      const res = await ctx.http.post('/auth/contact-message').set(as(who)).send(contact);
      expect(res.status).toBe(201);
      const rows = await ctx.ds.query('SELECT sender_user_id FROM messaging.contact_messages');
      expect(rows[0].sender_user_id).toBe(USERS[who].sub);
    });

    it('answers 400 "Please fill in all required fields." when a field is missing', async () => {
      for (const field of Object.keys(contact)) {
        const res = await ctx.http.post('/auth/contact-message').send({ ...contact, [field]: '  ' });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please fill in all required fields.');
      }
      const bad = await ctx.http.post('/auth/contact-message').send({ ...contact, email: 'not-an-email' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Please enter a valid email address');
      const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM messaging.contact_messages');
      expect(n).toBe(0);
    });

    it('answers 400 naming the field when a text is over its limit, and stores nothing', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ subject: 's'.repeat(301) }, 'Subject must be at most 300 characters'],
        [{ message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
        [{ phone: '5'.repeat(51) }, 'Phone number must be at most 50 characters'],
      ];
      for (const [over, message] of cases) {
        const res = await ctx.http.post('/auth/contact-message').send({ ...contact, ...over });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message, field: Object.keys(over)[0] });
      }
      const [{ n }] = await ctx.ds.query('SELECT count(*)::int AS n FROM messaging.contact_messages');
      expect(n).toBe(0);
    });
  });

  describe('POST /callback-request (public)', () => {
    it('stores the request for an anonymous visitor: 201 {message: CALLBACK_SUCCESS}; message optional', async () => {
      const res = await ctx.http.post('/callback-request').send(callback);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: CALLBACK_SUCCESS });
      const noMessage = await ctx.http.post('/callback-request').send({ ...callback, message: undefined });
      expect(noMessage.status).toBe(201);
      const rows = await ctx.ds.query('SELECT message FROM messaging.callback_requests ORDER BY created_at');
      expect(rows.map((r: { message: string }) => r.message)).toEqual(['Please call after 3pm.', '']);
    });

    it.each(ROLES)('accepts a signed-in %s', async (who) => {
      const res = await ctx.http.post('/callback-request').set(as(who)).send(callback);
      expect(res.status).toBe(201);
    });

    it('validates first name, last name and e-mail', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...callback, firstName: '' }, 'First name is required'],
        [{ ...callback, lastName: '' }, 'Last name is required'],
        [{ ...callback, email: 'nope' }, 'Please enter a valid email address'],
        [{ ...callback, firstName: 'C'.repeat(201) }, 'First name must be at most 200 characters'],
        [{ ...callback, message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
      ];
      for (const [body, message] of cases) {
        const res = await ctx.http.post('/callback-request').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });
  });

  describe('GET /messages/contact-requests (brokers\' inbox)', () => {
    it('gives the broker both lists, newest first', async () => {
      await ctx.http.post('/auth/contact-message').send({ ...contact, subject: 'first' }).expect(201);
      await ctx.http.post('/auth/contact-message').send({ ...contact, subject: 'second' }).expect(201);
      await ctx.http.post('/callback-request').send({ ...callback, firstName: 'Early' }).expect(201);
      await ctx.http.post('/callback-request').send({ ...callback, firstName: 'Late' }).expect(201);
      const res = await ctx.http.get('/messages/contact-requests').set(as('broker'));
      expect(res.status).toBe(200);
      expect(res.body.contactMessages.map((m: { subject: string }) => m.subject)).toEqual(['second', 'first']);
      expect(res.body.callbackRequests.map((m: { firstName: string }) => m.firstName)).toEqual(['Late', 'Early']);
      expect(res.body.contactMessages[0]).toEqual({
        id: expect.any(String), firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phone: '(408) 555-0199',
        subject: 'second', message: contact.message, senderUserId: null, createdAt: expect.any(String),
      });
      expect(res.body.callbackRequests[0]).not.toHaveProperty('ip');
    });

    it.each(['agent', 'seller', 'buyer', 'service'] as Who[])('refuses %s with 403', async (who) => {
      const res = await ctx.http.get('/messages/contact-requests').set(as(who));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to do this.' });
    });

    it('refuses anonymous callers with 401', async () => {
      const res = await ctx.http.get('/messages/contact-requests');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication required' });
    });
  });
});
