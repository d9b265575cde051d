import { jest } from '@jest/globals';
import { ApiError, apiFetch, authApi, clearApiCache, configureApiClient, storage, useSession } from '../src/index.js';
import { json, startServer } from './helpers.js';

const user = { id: 'u-1', email: 'sam@example.com', name: 'Sam Seller', role: 'SELLER' as const };

describe('apiFetch', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let handler: Parameters<typeof startServer>[0];
  const onUnauthorized = jest.fn();

  beforeAll(async () => {
    srv = await startServer((req, res) => handler(req, res));
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.seen.length = 0;
    onUnauthorized.mockReset();
    clearApiCache();
    storage._reset();
    useSession.getState().clear();
    configureApiClient({ baseUrl: srv.base, onUnauthorized, retryDelayMs: 1000 });
  });

  test('sends the stored session token (never the user id) and marks private mode without localStorage', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await apiFetch('/seller/progress');
    expect(srv.seen[0].headers['x-session-token']).toBeUndefined();

    useSession.getState().setSession({ user, sessionToken: 'tok-abc', token: 'tok-abc' });
    clearApiCache();
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
    clearApiCache();
    await apiFetch('/seller/progress');
    expect(srv.seen[2].headers['x-session-token']).toBeUndefined();
  });

  test('uses localStorage when it works and then sends no private-mode header', async () => {
    const mem = new Map<string, string>();
    (globalThis as any).localStorage = {
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
      await apiFetch('/x', { cache: false });
      expect(srv.seen[0].headers['x-browser-mode']).toBeUndefined();
      useSession.getState().clear();
      expect(mem.size).toBe(0);
    } finally {
      delete (globalThis as any).localStorage;
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

  test('times out with the spec text', async () => {
    handler = () => {
      /* never answers */
    };
    const t0 = Date.now();
    const err = (await apiFetch("/slow", { method: "POST", timeoutMs: 300 }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Request timeout, please try again');
    expect(err.status).toBe(0);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  test('login: 2 attempts with a 1 s delay on a server error, then the server message', async () => {
    handler = (_req, res) => json(res, 503, { message: 'This service is temporarily unavailable. Please try again shortly.' });
    const t0 = Date.now();
    await expect(authApi.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 503 });
    const elapsed = Date.now() - t0;
    expect(srv.seen).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2500);
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

  test('GETs retry 3 times on 5xx with increasing delays; writes are not retried', async () => {
    configureApiClient({ retryDelayMs: 50 });
    let n = 0;
    handler = (_req, res) => (++n < 3 ? json(res, 502, { message: 'bad gateway' }) : json(res, 200, { n }));
    await expect(apiFetch('/r')).resolves.toEqual({ n: 3 });
    expect(srv.seen).toHaveLength(3);

    srv.seen.length = 0;
    handler = (_req, res) => json(res, 500, {});
    await expect(apiFetch('/w', { method: 'POST', fallbackMessage: 'Failed' })).rejects.toMatchObject({ message: 'Failed' });
    expect(srv.seen).toHaveLength(1);

    srv.seen.length = 0;
    handler = (_req, res) => json(res, 501, { message: 'This feature is not available yet.' });
    await expect(apiFetch('/nb')).rejects.toMatchObject({ status: 501 });
    expect(srv.seen).toHaveLength(1); // 501 "not built" is an answer
  });

  test('GETs are cached for 30 s and the cache is cleared by any write', async () => {
    let n = 0;
    handler = (req, res) => json(res, 200, { n: req.method === 'GET' ? ++n : -1 });
    expect(await apiFetch('/c')).toEqual({ n: 1 });
    expect(await apiFetch('/c')).toEqual({ n: 1 });
    expect(srv.seen).toHaveLength(1);
    await apiFetch('/c', { method: 'PUT', json: {} });
    expect(await apiFetch('/c')).toEqual({ n: 2 });
    expect(await apiFetch('/c', { cache: false })).toEqual({ n: 3 });
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
});
