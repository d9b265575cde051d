// npm run soak: 500 sign-ins at once each waited seconds for an argon2 turn in identity, and while they held every one
// of the gateway's 128 connections to identity, its other routes (check-session, the portal's first reads) waited
// behind them in the gateway until their clients timed out. Sign-ins that wait must not hold up identity's other routes.
import type http from 'node:http';
import { gateway, startUpstream, type Upstream } from './helpers.js';

describe('connections to an upstream', () => {
  let identity: Upstream;
  const held: http.ServerResponse[] = [];
  afterAll(async () => {
    for (const res of held) if (!res.writableEnded) res.end('{}');
    await identity?.close();
  });

  it('200 sign-ins waiting in identity do not hold up its other routes', async () => {
    identity = await startUpstream('identity', (req, res) => {
      if (req.url !== '/auth/login') return false;
      held.push(res); // answered only at the end of the test
      return true;
    });
    const limits = { RATE_LIMIT_LOGIN_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '100000', RATE_LIMIT_ACCOUNT_FAILURES: '100000' };
    const app = await gateway({ UPSTREAM_IDENTITY: identity.url, ...limits });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const signIns = Array.from({ length: 200 }, (_, i) => fetch(`${address}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email: `person${i}@example.com`, password: 'a-long-password' }),
      }).then((r) => r.status, () => 0));
      for (let i = 0; i < 200 && held.length < 200; i++) await new Promise((r) => setTimeout(r, 50));
      // answered while every sign-in is still waiting (before the fix it waited behind them: 128 connections)
      let answered = 0;
      const check = fetch(`${address}/api/auth/check-session`).then((r) => { answered = r.status; });
      for (let i = 0; i < 200 && !answered; i++) await new Promise((r) => setTimeout(r, 50));
      const waiting = held.filter((r) => !r.writableEnded).length;
      for (const res of held) res.end('{"ok":true}');
      await check;
      expect(held.length).toBe(200);
      expect(waiting).toBe(200);
      expect(answered).toBe(200);
      expect((await Promise.all(signIns)).every((s) => s === 200)).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);
});
