import { jest } from '@jest/globals';
import { apiPath } from '@brokerage/contracts/api/path';
import { ApiError, apiFetch, authApi, configureApiClient, storage, useSession } from '../src/index.js';
import { expectNextRequestAfter, expectNoMoreRequests, json, REAL_IO, settleIo, startServer, until } from './helpers.js';

const user = { id: 'u-1', email: 'sam@example.com', name: 'Sam Seller', role: 'SELLER' as const };

describe('apiFetch', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let handler: Parameters<typeof startServer>[0];
  const onUnauthorized = jest.fn();

  beforeAll(async () => {
    srv = await startServer((req, res) => handler(req, res));
  });
  afterAll(() => srv.close());
  afterEach(() => jest.useRealTimers());
  beforeEach(() => {
    srv.seen.length = 0;
    onUnauthorized.mockReset();
    storage._reset();
    useSession.getState().clear();
    configureApiClient({ baseUrl: srv.base, onUnauthorized, retryDelayMs: 1000 });
  });

  test("an apiPath ('/api/…', the route definitions' paths) goes to the configured base once, like a base-relative path", async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await apiFetch(apiPath('GET', '/buyer/listings/:id', { id: 'l 1' }));
    await apiFetch('/buyer/listings/l1');
    await apiFetch(apiPath('GET', '/messages/inbox', null, { cursor: 'c/1' }));
    expect(srv.seen.map((r) => r.url)).toEqual(['/api/buyer/listings/l%201', '/api/buyer/listings/l1', '/api/messages/inbox?cursor=c%2F1']);
  });

  test('sends the stored session token (never the user id) and marks private mode without localStorage', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await apiFetch('/seller/progress');
    expect(srv.seen[0].headers['x-session-token']).toBeUndefined();

    useSession.getState().setSession({ user, sessionToken: 'tok-abc', token: 'tok-abc' });
    await apiFetch('/seller/progress');
    const h = srv.seen[1].headers;
    expect(h['x-session-token']).toBe('tok-abc');
    expect(h['x-session-token']).not.toBe(user.id);
    expect(h['x-browser-mode']).toBe('private'); // Node has no localStorage: in-memory fallback
    expect(storage.isPrivateMode()).toBe(true);
    expect(storage.get('sessionToken')).toBe('tok-abc');

    // A user without a token: no header at all (deviation 4: no fallback to the id).
    useSession.getState().clear();
    useSession.getState().setUser(user);
    await apiFetch('/seller/progress');
    expect(srv.seen[2].headers['x-session-token']).toBeUndefined();
  });

  test('uses localStorage when it works and then sends no private-mode header', async () => {
    const mem = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, String(v)),
      removeItem: (k: string) => void mem.delete(k),
    };
    try {
      storage._reset();
      handler = (_req, res) => json(res, 200, {});
      useSession.getState().setSession({ user, sessionToken: 's1', token: 'a1' });
      expect(mem.get('user')).toBe(JSON.stringify(user));
      expect(mem.get('sessionToken')).toBe('s1');
      expect(mem.get('authToken')).toBe('a1');
      await apiFetch('/x');
      expect(srv.seen[0].headers['x-browser-mode']).toBeUndefined();
      useSession.getState().clear();
      expect(mem.size).toBe(0);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
      storage._reset();
    }
  });

  test('JSON bodies get application/json; FormData leaves the multipart content type to fetch', async () => {
    handler = (_req, res) => json(res, 201, { id: 1 });
    await apiFetch('/a', { method: 'POST', json: { a: 1 } });
    expect(srv.seen[0].headers['content-type']).toBe('application/json');
    expect(srv.seen[0].body).toBe('{"a":1}');

    const fd = new FormData();
    fd.append('file', new Blob(['hello']), 'hello.txt');
    await apiFetch('/b', { method: 'POST', body: fd, headers: { 'content-type': 'application/json' } });
    expect(srv.seen[1].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(srv.seen[1].body).toContain('hello');
  });

  test("error message is the server's {message}, else the caller's fallback", async () => {
    handler = (req, res) => (req.url!.endsWith('/with') ? json(res, 400, { message: 'Email is required', field: 'email' }) : json(res, 400, {}));
    await expect(apiFetch('/with', { method: 'POST', fallbackMessage: 'Login failed' })).rejects.toMatchObject({
      status: 400,
      message: 'Email is required',
      field: 'email',
    });
    await expect(apiFetch('/without', { method: 'POST', fallbackMessage: 'Login failed' })).rejects.toMatchObject({
      status: 400,
      message: 'Login failed',
    });
  });

  test('a call unanswered for 15 s fails with the spec text', async () => {
    jest.useFakeTimers(REAL_IO);
    handler = () => {
      /* never answers */
    };
    let outcome: unknown = 'pending';
    void apiFetch('/slow', { method: 'POST', attempts: 1 }).then(
      () => (outcome = 'resolved'),
      (e) => (outcome = e),
    );
    await until(() => srv.seen.length === 1, 'the request');
    await jest.advanceTimersByTimeAsync(14_999);
    await settleIo(50);
    expect(outcome).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    await until(() => outcome !== 'pending', 'the timeout');
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({ status: 0, message: 'Request timeout, please try again' });
    expect(srv.seen).toHaveLength(1); // one attempt asked for
  });

  test('login: a second attempt 1 s after a server error, then the server message', async () => {
    jest.useFakeTimers(REAL_IO);
    handler = (_req, res) => json(res, 503, { message: 'This service is temporarily unavailable. Please try again shortly.' });
    let outcome: unknown = 'pending';
    void authApi.login({ email: 'a@b.c', password: 'x' }).then(
      () => (outcome = 'resolved'),
      (e) => (outcome = e),
    );
    await until(() => srv.seen.length === 1, 'the first attempt');
    await expectNextRequestAfter(srv.seen, 1000);
    await until(() => outcome !== 'pending', 'the second attempt to fail');
    expect(outcome).toMatchObject({ status: 503, message: 'This service is temporarily unavailable. Please try again shortly.' });
    await expectNoMoreRequests(srv.seen);
    expect(srv.seen).toHaveLength(2); // 2 attempts in all
  });

  test('reset requests are retried like sign-in: 2 attempts', async () => {
    jest.useFakeTimers(REAL_IO);
    handler = (_req, res) => json(res, 502, {});
    let outcome: unknown = 'pending';
    void authApi.requestReset({ email: 'a@b.c' }).then(
      () => (outcome = 'resolved'),
      (e) => (outcome = e),
    );
    await until(() => srv.seen.length === 1, 'the first attempt');
    await expectNextRequestAfter(srv.seen, 1000);
    await until(() => outcome !== 'pending', 'the second attempt to fail');
    await expectNoMoreRequests(srv.seen);
    expect(outcome).toMatchObject({ status: 502, message: 'Password reset failed' });
  });

  test('login: invalid credentials are not retried and keep the server message; success stores nothing by itself', async () => {
    handler = (_req, res) => json(res, 401, { message: 'Invalid email or password' });
    await expect(authApi.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(srv.seen).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test("login sends the browser's time zone beside the credentials (the e-mail digest's 7:00)", async () => {
    handler = (_req, res) => json(res, 401, { message: 'Invalid email or password' });
    await authApi.login({ email: 'a@b.c', password: 'x' }).catch(() => undefined);
    expect(JSON.parse(srv.seen[0].body)).toEqual({ email: 'a@b.c', password: 'x', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  test('apiFetch itself makes one attempt for reads and writes (the query layer retries reads) and keeps no cache', async () => {
    handler = (_req, res) => json(res, 502, { message: 'bad gateway' });
    await expect(apiFetch('/r')).rejects.toMatchObject({ status: 502, message: 'bad gateway' });
    expect(srv.seen).toHaveLength(1);

    srv.seen.length = 0;
    handler = (_req, res) => json(res, 500, {});
    await expect(apiFetch('/w', { method: 'POST', fallbackMessage: 'Failed' })).rejects.toMatchObject({ message: 'Failed' });
    expect(srv.seen).toHaveLength(1);

    srv.seen.length = 0;
    let n = 0;
    handler = (_req, res) => json(res, 200, { n: ++n });
    expect(await apiFetch('/c')).toEqual({ n: 1 });
    expect(await apiFetch('/c')).toEqual({ n: 2 });
    expect(srv.seen).toHaveLength(2);
  });

  test('the session token goes only to our own origin, never to a foreign absolute URL', async () => {
    const foreign = await startServer((_req, res) => json(res, 200, {}));
    try {
      useSession.getState().setSession({ user, sessionToken: 'tok-own', token: 'tok-own' });
      handler = (_req, res) => json(res, 200, {});
      await apiFetch('/seller/progress'); // relative: joined to the API base
      await apiFetch(`${srv.base}/seller/progress`); // absolute, same origin as the API base
      expect(srv.seen.map((s) => s.headers['x-session-token'])).toEqual(['tok-own', 'tok-own']);

      await apiFetch(`${foreign.base}/collect`);
      await apiFetch(`${foreign.base}/collect`, { method: 'POST', json: { a: 1 } });
      expect(foreign.seen).toHaveLength(2);
      for (const req of foreign.seen) {
        expect(req.headers['x-session-token']).toBeUndefined();
        expect(req.headers['x-browser-mode']).toBeUndefined();
      }
    } finally {
      await foreign.close();
    }
  });

  test('401 on an authenticated call clears the session, redirects and throws Authentication required', async () => {
    useSession.getState().setSession({ user, sessionToken: 'tok', token: 'tok' });
    handler = (_req, res) => json(res, 401, { message: 'Session expired' });
    await expect(apiFetch('/seller/progress')).rejects.toMatchObject({ status: 401, message: 'Authentication required' });
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().sessionToken).toBeNull();
    expect(storage.get('user')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('signOut clears and redirects even when the logout call fails', async () => {
    useSession.getState().setSession({ user, sessionToken: 'tok', token: 'tok' });
    handler = (_req, res) => json(res, 500, {});
    await authApi.signOut();
    expect(srv.seen[0].method).toBe('POST');
    expect(srv.seen[0].url).toBe('/api/auth/logout');
    expect(useSession.getState().user).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
  test('a write carries an Idempotency-Key and is tried again with the same key after a 503 (3 attempts in all)', async () => {
    jest.useFakeTimers(REAL_IO);
    let n = 0;
    handler = (_req, res) => (++n < 3 ? json(res, 503, { message: 'This service is temporarily unavailable. Please try again shortly.' }) : json(res, 201, { id: 'm-1' }));
    let outcome: unknown = 'pending';
    void apiFetch('/messages/send', { method: 'POST', json: { body: 'hi' } }).then((v) => (outcome = v), (e) => (outcome = e));
    await until(() => srv.seen.length === 1, 'the first attempt');
    await expectNextRequestAfter(srv.seen, 1000);
    await expectNextRequestAfter(srv.seen, 2000);
    await until(() => outcome !== 'pending', 'the answer');
    expect(outcome).toEqual({ id: 'm-1' });
    const keys = srv.seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(new Set(keys).size).toBe(1);
  });

  test('a write answered 500 is not tried again; each action gets its own key; reads carry none', async () => {
    handler = (_req, res) => json(res, 500, { message: 'Something went wrong' });
    await expect(apiFetch('/messages/send', { method: 'POST', json: {} })).rejects.toMatchObject({ status: 500 });
    expect(srv.seen).toHaveLength(1);
    handler = (_req, res) => json(res, 200, { ok: true });
    await apiFetch('/messages/send', { method: 'POST', json: {} });
    await apiFetch('/messages/inbox');
    expect(srv.seen[1].headers['idempotency-key']).not.toBe(srv.seen[0].headers['idempotency-key']);
    expect(srv.seen[2].headers['idempotency-key']).toBeUndefined();
  });
});
