import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordNdaSchema } from '@brokerage/contracts';
import { claimsFor, createApp, createUser, login, readMail, resetDb, serviceHeader, sha256, userHeader, type Ctx } from './helpers.js';

/**
 * One journey through every route; every response body (and header) is scanned for the passwords used,
 * the argon2 hashes in the database and the session/reset token hashes.
 */
describe('no password, hash or token hash in any response', () => {
  let ctx: Ctx;
  const savedUrl = process.env.LISTINGS_URL;
  // listings as identity calls it: the NDA record (held to the contract the real service validates) and relations
  const listings = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/internal/ndas') {
        const nda = recordNdaSchema.safeParse(JSON.parse(data || '{}'));
        if (!nda.success) return reply(400, { message: nda.error.issues[0]!.message });
        const { buyerId, listingId, signedAt } = nda.data;
        return reply(201, { created: true, nda: { id: 'nda-1', buyerId, listingId, signedAt: signedAt.toISOString() } });
      }
      if (req.method === 'GET' && req.url?.startsWith('/internal/relations/')) return reply(200, { userIds: [] });
      reply(404, { message: 'Not found' });
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => listings.listen(0, '127.0.0.1', () => r()));
    process.env.LISTINGS_URL = `http://127.0.0.1:${(listings.address() as AddressInfo).port}`; // read when the app is built
    ctx = await createApp();
    await resetDb(ctx);
  });
  afterAll(async () => {
    process.env.LISTINGS_URL = savedUrl;
    await ctx.app.close();
    await new Promise<void>((r) => listings.close(() => r()));
  });

  it('scans every body', async () => {
    const bodies: Array<{ route: string; text: string }> = [];
    const record = <R extends { body: unknown; headers: Record<string, unknown> }>(route: string, res: R): R => {
      bodies.push({ route, text: JSON.stringify(res.body) + JSON.stringify(res.headers) });
      return res;
    };
    const passwords = ['pass-broker-1', 'pass-agent-1', 'pass-reg-1', 'pass-nda-1', 'pass-new-1', 'pass-int-1', 'pass-admin-1', 'pass-admin-2'];
    const broker = await createUser(ctx, { role: 'BROKER', password: passwords[0] });
    const agent = await createUser(ctx, { role: 'AGENT', password: passwords[1] });
    const reg = {
      name: 'Reg Seller', email: 'reg.seller@example.com', phone: '1', password: passwords[2], confirmPassword: passwords[2], role: 'SELLER',
    };
    record('register', await ctx.http.post('/auth/register').send(reg));
    record('register dup', await ctx.http.post('/auth/register').send(reg));
    const signedUp = record('nda', await ctx.http.post('/auth/nda-submit').send({
      firstName: 'N', lastName: 'D', email: 'nda.x@example.com', phone: '1', password: passwords[3], listingInterest: '00000000-0000-4000-8000-000000000101', agreementAccepted: true, signature: 'N D',
    }));
    expect(signedUp.status).toBe(201);
    const b = await login(ctx, broker.email, broker.password);
    record('login', b.res);
    record('login bad', (await login(ctx, broker.email, 'wrong-pass')).res);
    const bClaims = await claimsFor(ctx, b.token);
    record('resolve', await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token: b.token }));
    record('check-session', await ctx.http.get('/auth/check-session').set(userHeader(bClaims)));
    record('users', await ctx.http.get('/users').set(userHeader(bClaims)));
    for (const role of ['SELLER', 'BUYER', 'AGENT']) record(`by-role ${role}`, await ctx.http.get(`/users/by-role?role=${role}`).set(userHeader(bClaims)));
    const a = await login(ctx, agent.email, agent.password);
    record('restore', await ctx.http.post('/auth/restore-session').set('Cookie', a.cookieHeader!).send({ userId: agent.id, email: agent.email }));
    record('reset request', await ctx.http.post('/auth/reset-password').send({ email: agent.email }));
    await ctx.mail.flush();
    const link = (await readMail(agent.email)).at(-1)!.text;
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(link)![1];
    record('reset confirm', await ctx.http.post('/auth/reset-password').send({ token: resetToken, newPassword: passwords[4] }));
    record('reset reuse', await ctx.http.post('/auth/reset-password').send({ token: resetToken, newPassword: passwords[4] }));
    const created = record('internal create', await ctx.http.post('/internal/users').set(serviceHeader('listings')).send({
      name: 'I', email: 'int@example.com', phone: '1', password: passwords[5],
    }));
    const ids = (await ctx.ds.query('SELECT id FROM identity.users')).map((r: { id: string }) => r.id).join(',');
    record('internal users', await ctx.http.get(`/internal/users?ids=${ids}`).set(serviceHeader('listings')));
    record('internal delete', await ctx.http.delete(`/internal/users/${(created.body as { user: { id: string } }).user.id}`).set(serviceHeader('listings')));
    // admin portal and the broker's people screens (deviation 3: a password column without any password)
    const bh = userHeader(bClaims);
    const adminCreated = await ctx.http.post('/admin/users').set(bh).send({ email: 'adm.new@example.com', password: passwords[6], role: 'SELLER', managerId: agent.id });
    record('admin create', adminCreated);
    expect(adminCreated.status).toBe(201);
    const newId = (adminCreated.body as { user: { id: string } }).user.id;
    record('admin create dup', await ctx.http.post('/admin/users').set(bh).send({ email: 'adm.new@example.com', password: passwords[6] }));
    record('admin update', await ctx.http.put(`/admin/users/${newId}`).set(bh).send({ name: 'Adm New', password: passwords[7] }));
    record('admin users', await ctx.http.get('/admin/users').set(bh));
    record('admin stats', await ctx.http.get('/admin/stats').set(bh));
    record('admin archive', await ctx.http.patch(`/admin/users/${newId}/archive`).set(bh));
    record('admin reactivate', await ctx.http.patch(`/admin/users/${newId}/reactivate`).set(bh));
    record('broker agents', await ctx.http.get('/broker/agents').set(bh));
    record('broker agent', await ctx.http.get(`/broker/agent/${agent.id}`).set(bh));
    record('broker seller archive', await ctx.http.patch(`/broker/sellers/${newId}/archive`).set(bh));
    record('broker seller reactivate', await ctx.http.patch(`/broker/sellers/${newId}/reactivate`).set(bh));
    record('internal lookup', await ctx.http.post('/internal/users/lookup').set(serviceHeader('messaging')).send({ ids: ids.split(',') }));
    record('internal by role', await ctx.http.get('/internal/users?role=AGENT').set(serviceHeader('checklists')));
    const [{ password_hash: deletedHash }] = await ctx.ds.query('SELECT password_hash FROM identity.users WHERE id = $1', [newId]);
    record('broker seller delete', await ctx.http.delete(`/broker/sellers/${newId}`).set(bh));
    record('logout', await ctx.http.post('/auth/logout').set(userHeader(bClaims)));
    record('health', await ctx.http.get('/health'));

    const hashes: string[] = [
      deletedHash,
      ...(await ctx.ds.query('SELECT password_hash FROM identity.users')).map((r: { password_hash: string }) => r.password_hash),
    ];
    const tokenHashes: string[] = [
      ...(await ctx.ds.query('SELECT token_hash FROM identity.sessions')).map((r: { token_hash: string }) => r.token_hash),
      ...(await ctx.ds.query('SELECT token_hash FROM identity.password_reset_tokens')).map((r: { token_hash: string }) => r.token_hash),
    ];
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(tokenHashes).toContain(await sha256(b.token));
    expect(bodies.length).toBeGreaterThanOrEqual(34);
    for (const { route, text } of bodies) {
      for (const secret of [...passwords, ...hashes, ...tokenHashes]) {
        if (text.includes(secret)) throw new Error(`${route} leaks a secret`);
      }
      expect(text).not.toMatch(/password_?hash|token_?hash|\$argon2/i);
      expect(text).not.toMatch(/"(new)?password"\s*:/i);
    }
  });
});
