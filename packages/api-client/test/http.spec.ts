import { jest } from '@jest/globals';
import { ApiError, apiFetch, apiUrl, configureApiClient, sendMultipart, serverMessage, storage, useSession } from '../src/index.js';
import { FakeXhr, installFakeXhr } from './fake-xhr.js';
import { json, startServer } from './helpers.js';

/**
 * apiFetch (fetch) and sendMultipart (the upload XHR) follow one module (http.ts): the same address, the same
 * own-origin rule for the session token, cookies and Idempotency-Key, the same error message and the same 401.
 * The XHR is the shared test double, sending through fetch to the real server.
 */
class NodeXhr extends FakeXhr {
  override send(body: FormData) {
    super.send(body);
    void this.viaFetch();
  }
}
const lastXhr = () => FakeXhr.sent.at(-1)!;

const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['%PDF-1.7']), 'a.pdf');
  return f;
};

describe('one HTTP layer for apiFetch and the upload XHR', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let handler: Parameters<typeof startServer>[0];
  const onUnauthorized = jest.fn();
  installFakeXhr(NodeXhr);

  beforeAll(async () => {
    srv = await startServer((req, res) => handler(req, res));
  });
  afterAll(async () => {
    await srv.close();
  });
  beforeEach(() => {
    srv.seen.length = 0;
    onUnauthorized.mockReset();
    storage._reset();
    useSession.getState().clear();
    useSession.setState({ sessionToken: 'tok-1' });
    configureApiClient({ baseUrl: srv.base, onUnauthorized, retryDelayMs: 1 });
  });

  test('a 401 clears the session and calls onUnauthorized, whichever sent the request', async () => {
    handler = (_req, res) => json(res, 401, { message: 'Authentication required' });
    await expect(apiFetch('/seller/documents', { method: 'POST', json: {} })).rejects.toMatchObject({ status: 401, message: 'Authentication required' });
    expect(useSession.getState().sessionToken).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    useSession.setState({ sessionToken: 'tok-2' });
    const err = await sendMultipart('/seller/documents', form()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(useSession.getState().sessionToken).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  test('the same address: an apiPath, a base-relative path and a server `url` already under the base', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    for (const path of ['/api/seller/documents', '/seller/documents', `${srv.base}/seller/documents`]) {
      expect(apiUrl(path)).toBe(`${srv.base}/seller/documents`);
      await apiFetch(path, { method: 'POST', json: {} });
      await sendMultipart(path, form());
    }
    expect(srv.seen.map((s) => s.url)).toEqual(Array(6).fill('/api/seller/documents'));
  });

  test('our own origin gets the session token, cookies and an Idempotency-Key; another origin none of them', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await apiFetch('/seller/documents', { method: 'POST', json: {} });
    await sendMultipart('/seller/documents', form());
    for (const s of srv.seen) {
      expect(s.headers['x-session-token']).toBe('tok-1');
      expect(s.headers['idempotency-key']).toEqual(expect.any(String));
    }
    expect(lastXhr().withCredentials).toBe(true);

    // the same server under another origin name (localhost, not 127.0.0.1): foreign to the configured base
    const foreign = `${srv.base.replace('127.0.0.1', 'localhost')}/upload`;
    srv.seen.length = 0;
    await apiFetch(foreign, { method: 'POST', json: {} });
    await sendMultipart(foreign, form());
    expect(srv.seen).toHaveLength(2);
    for (const s of srv.seen) {
      expect(s.headers['x-session-token']).toBeUndefined();
      expect(s.headers['idempotency-key']).toBeUndefined();
    }
    expect(lastXhr().withCredentials).toBe(false);
  });

  test("an error answer's {message} and field reach the caller the same way", async () => {
    handler = (_req, res) => json(res, 400, { message: 'File type not allowed', field: 'file' });
    await expect(apiFetch('/seller/documents', { method: 'POST', json: {}, attempts: 1 })).rejects.toMatchObject({ status: 400, message: 'File type not allowed', field: 'file' });
    await expect(sendMultipart('/seller/documents', form())).rejects.toMatchObject({ status: 400, message: 'File type not allowed', field: 'file' });
    // without a message: apiFetch says its fallback, the upload an empty message (its caller's text applies)
    handler = (_req, res) => json(res, 400, {});
    await expect(apiFetch('/seller/documents', { method: 'POST', json: {}, attempts: 1 })).rejects.toMatchObject({ message: 'Request failed (400)' });
    await expect(sendMultipart('/seller/documents', form())).rejects.toMatchObject({ status: 400, message: '' });
  });

  test("serverMessage: a 4xx answer's own {message} for the screen; a 5xx, no answer or no message leaves the screen's text", async () => {
    const failed = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
    handler = (_req, res) => json(res, 403, { message: 'Only the broker may do this' });
    expect(serverMessage(await failed(apiFetch('/broker/agents-with-stats')))).toBe('Only the broker may do this');
    expect(serverMessage(await failed(sendMultipart('/seller/documents', form())))).toBe('Only the broker may do this');
    // a 5xx: its body's generic message is not the screen's text, nor apiFetch's "Request failed (500)"
    handler = (_req, res) => json(res, 500, { message: 'Something went wrong' });
    const e500 = await failed(apiFetch('/broker/agents-with-stats'));
    expect(e500).toMatchObject({ status: 500 });
    expect(serverMessage(e500)).toBeUndefined();
    expect(serverMessage(await failed(sendMultipart('/seller/documents', form())))).toBeUndefined();
    handler = (_req, res) => json(res, 404, {});
    const e404 = await failed(apiFetch('/broker/agents-with-stats'));
    expect(e404).toMatchObject({ status: 404, message: 'Request failed (404)' });
    expect(serverMessage(e404)).toBeUndefined();
    expect(serverMessage(new ApiError(0, 'Request timed out'))).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
  });
});
