import { jest } from '@jest/globals';
import { configureApiClient, restoreDelayFor, runSessionRestore, storage, useSession } from '../src/index.js';
import { json, startServer } from './helpers.js';

const user = { id: 'u-1', email: 'sam@example.com', name: 'Sam Seller', role: 'SELLER' as const };

describe('session restore (spec part 1 §4, deviation 2)', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let routes: Record<string, [number, unknown]>;
  const onUnauthorized = jest.fn();

  beforeAll(async () => {
    srv = await startServer((req, res) => {
      const r = routes[`${req.method} ${req.url}`];
      if (!r) return json(res, 404, { message: 'Not found' });
      json(res, r[0], r[1]);
    });
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.seen.length = 0;
    onUnauthorized.mockReset();
    storage._reset();
    useSession.getState().clear();
    configureApiClient({ baseUrl: srv.base, onUnauthorized, retryDelayMs: 10 });
  });

  test('delay: at once on dashboard paths, 1 s elsewhere', () => {
    expect(restoreDelayFor('/seller/messages')).toBe(0);
    expect(restoreDelayFor('/broker')).toBe(0);
    expect(restoreDelayFor('/agent/listings')).toBe(0);
    expect(restoreDelayFor('/buyer')).toBe(0);
    expect(restoreDelayFor('/')).toBe(1000);
    expect(restoreDelayFor('/contact')).toBe(1000);
  });

  test('a stored user without id or e-mail is removed, no call made', async () => {
    storage.set('user', JSON.stringify({ name: 'x' }));
    expect(await runSessionRestore()).toBe('no-user');
    expect(storage.get('user')).toBeNull();
    expect(srv.seen).toHaveLength(0);
  });

  test('valid session: nothing more happens', async () => {
    useSession.getState().setSession({ user, sessionToken: 't', token: 't' });
    routes = { 'GET /api/auth/check-session': [200, { authenticated: true, user }] };
    expect(await runSessionRestore()).toBe('valid');
    expect(srv.seen.map((s) => s.url)).toEqual(['/api/auth/check-session']);
    expect(useSession.getState().user).toEqual(user);
  });

  test('failed test → restore → verify → restored (reload hook)', async () => {
    useSession.getState().setSession({ user, sessionToken: 'old', token: 'old' });
    routes = {
      'GET /api/auth/check-session': [200, { authenticated: false }],
      'POST /api/auth/restore-session': [200, { message: 'Session restored', user, sessionToken: 'new', token: 'new' }],
      'GET /api/users': [200, []],
    };
    const onRestoring = jest.fn();
    const onRestored = jest.fn();
    expect(await runSessionRestore({ onRestoring, onRestored })).toBe('restored');
    expect(onRestoring).toHaveBeenCalled();
    expect(onRestored).toHaveBeenCalled();
    expect(JSON.parse(srv.seen[1].body)).toEqual({ userId: 'u-1', email: 'sam@example.com' });
    expect(srv.seen[2].headers['x-session-token']).toBe('new');
    expect(useSession.getState().sessionToken).toBe('new');
  });

  test('restore refused → everything cleared and /login', async () => {
    useSession.getState().setSession({ user, sessionToken: 'old', token: 'old' });
    routes = {
      'GET /api/auth/check-session': [401, { message: 'Authentication required' }],
      'POST /api/auth/restore-session': [401, { message: 'Authentication required' }],
    };
    expect(await runSessionRestore()).toBe('failed');
    expect(useSession.getState().user).toBeNull();
    expect(storage.get('sessionToken')).toBeNull();
    expect(storage.get('authToken')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('verification after restore fails → cleared and /login', async () => {
    useSession.getState().setSession({ user, sessionToken: 'old', token: 'old' });
    routes = {
      'GET /api/auth/check-session': [200, { authenticated: false }],
      'POST /api/auth/restore-session': [200, { message: 'ok', user, sessionToken: 'new', token: 'new' }],
      'GET /api/users': [401, { message: 'Authentication required' }],
    };
    const onRestored = jest.fn();
    expect(await runSessionRestore({ onRestored })).toBe('failed');
    expect(onRestored).not.toHaveBeenCalled();
    expect(useSession.getState().user).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('no answer to the check (offline, or the page navigated away) keeps the session: nothing cleared', async () => {
    useSession.getState().setSession({ user, sessionToken: 'tok', token: 'tok' });
    configureApiClient({ baseUrl: 'http://127.0.0.1:1', onUnauthorized, retryDelayMs: 10 }); // nothing listens there
    expect(await runSessionRestore()).toBe('unreachable');
    expect(useSession.getState().user).toEqual(user);
    expect(storage.get('sessionToken')).toBe('tok');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('a server error answering the check is unexpected: cleared and /login', async () => {
    useSession.getState().setSession({ user, sessionToken: 'tok', token: 'tok' });
    routes = { 'GET /api/auth/check-session': [500, { message: 'Something went wrong' }] };
    expect(await runSessionRestore()).toBe('failed');
    expect(useSession.getState().user).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
