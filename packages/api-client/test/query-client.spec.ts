import { jest } from '@jest/globals';
import { MutationObserver } from '@tanstack/react-query';
import { apiFetch, configureApiClient, createQueryClient, storage, useSession } from '../src/index.js';
import { expectNextRequestAfter, expectNoMoreRequests, json, REAL_IO, startServer, until } from './helpers.js';

/**
 * The client data layer as a page sees it: reads go through TanStack Query (createQueryClient) and apiFetch, against
 * a real HTTP server that counts what reaches it. The clock is Jest's fake one; the network is real.
 */
describe('query client + apiFetch', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  let handler: Parameters<typeof startServer>[0];

  beforeAll(async () => {
    srv = await startServer((req, res) => handler(req, res));
  });
  afterAll(() => srv.close());
  beforeEach(() => {
    srv.seen.length = 0;
    storage._reset();
    useSession.getState().clear();
    configureApiClient({ baseUrl: srv.base, onUnauthorized: () => undefined });
    jest.useFakeTimers(REAL_IO);
  });
  afterEach(() => jest.useRealTimers());

  /** Starts a read and reports how it ended, without awaiting it (the fake clock has to move first). */
  function read(qc: ReturnType<typeof createQueryClient>, path: string) {
    const state: { outcome: 'pending' | 'ok' | 'failed'; value?: unknown } = { outcome: 'pending' };
    qc.fetchQuery({ queryKey: [path], queryFn: () => apiFetch(path) }).then(
      (v) => Object.assign(state, { outcome: 'ok', value: v }),
      (e) => Object.assign(state, { outcome: 'failed', value: e }),
    );
    return state;
  }

  const DOWN = 'This service is temporarily unavailable. Please try again shortly.';
  test.each([
    ['a server error', (_req: unknown, res: import('node:http').ServerResponse) => json(res, 503, { message: DOWN }), { status: 503, message: DOWN }],
    ['no answer (network failure)', (_req: unknown, res: import('node:http').ServerResponse) => res.socket?.destroy(),
      { status: 0, message: 'Something went wrong. Please try again.' }],
  ])('a GET failing with %s reaches the server 3 times in all, 1 s then 2 s apart', async (_what, answer, error) => {
    handler = answer;
    const r = read(createQueryClient(), '/seller/progress');
    await until(() => srv.seen.length === 1, 'the first try');
    await expectNextRequestAfter(srv.seen, 1000);
    await expectNextRequestAfter(srv.seen, 2000);
    await until(() => r.outcome !== 'pending', 'the query to fail');
    expect(r.outcome).toBe('failed');
    expect(r.value).toMatchObject(error);
    await expectNoMoreRequests(srv.seen);
    expect(srv.seen).toHaveLength(3);
  });

  test.each([
    [404, 'Not found'],
    [403, 'Forbidden'],
    [501, 'This feature is not available yet.'],
  ])('a %i is an answer: one request, no retry', async (status, message) => {
    handler = (_req, res) => json(res, status, { message });
    const qc = createQueryClient();
    const r = read(qc, '/x');
    await until(() => r.outcome !== 'pending', 'the answer');
    await expectNoMoreRequests(srv.seen);
    expect(r.value).toMatchObject({ status, message });
    expect(srv.seen).toHaveLength(1);
  });

  test('a GET that fails once and then answers gives the answer after one retry', async () => {
    let n = 0;
    handler = (_req, res) => (++n === 1 ? json(res, 502, {}) : json(res, 200, { listings: [] }));
    const qc = createQueryClient();
    const r = read(qc, '/auth/available-listings');
    await until(() => srv.seen.length === 1, 'the first try');
    await expectNextRequestAfter(srv.seen, 1000);
    await until(() => r.outcome !== 'pending', 'the answer');
    expect(r).toEqual({ outcome: 'ok', value: { listings: [] } });
    expect(srv.seen).toHaveLength(2);
  });

  test('answers are reused for 30 s, and a successful write makes the next read go to the server', async () => {
    let n = 0;
    handler = (req, res) => json(res, 200, { n: req.method === 'GET' ? ++n : -1 });
    const qc = createQueryClient();
    const get = () => qc.fetchQuery({ queryKey: ['c'], queryFn: () => apiFetch('/c') });

    expect(await get()).toEqual({ n: 1 });
    await jest.advanceTimersByTimeAsync(29_000);
    expect(await get()).toEqual({ n: 1 });
    expect(srv.seen).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1_001);
    expect(await get()).toEqual({ n: 2 }); // older than 30 s: asked again

    const write = new MutationObserver(qc, { mutationFn: () => apiFetch('/c', { method: 'PUT', json: {} }) });
    await write.mutate();
    expect(await get()).toEqual({ n: 3 }); // fresh by age, but the write made it stale
    expect(srv.seen.map((s) => s.method)).toEqual(['GET', 'GET', 'PUT', 'GET']);
  });

  test('writes are never retried by the query layer', async () => {
    handler = (_req, res) => json(res, 503, {});
    const qc = createQueryClient();
    const write = new MutationObserver(qc, { mutationFn: () => apiFetch('/w', { method: 'POST', json: {}, fallbackMessage: 'Failed', attempts: 1 }) });
    await expect(write.mutate()).rejects.toMatchObject({ status: 503, message: 'Failed' });
    await expectNoMoreRequests(srv.seen);
    expect(srv.seen).toHaveLength(1);
  });

  test('an answer nobody uses any more stays cached for 5 minutes, then is dropped', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    const qc = createQueryClient();
    await qc.fetchQuery({ queryKey: ['kept'], queryFn: () => apiFetch('/kept') });
    await jest.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(qc.getQueryData(['kept'])).toEqual({ ok: true });
    await jest.advanceTimersByTimeAsync(1);
    expect(qc.getQueryData(['kept'])).toBeUndefined();
  });

  test('back-off doubles from 1 s and never waits more than 30 s, even when a query asks for more tries', async () => {
    const qc = createQueryClient();
    const calls: number[] = [];
    const t0 = Date.now();
    const done = qc
      .fetchQuery({
        queryKey: ['many'],
        retry: 7,
        queryFn: () => {
          calls.push(Date.now() - t0);
          return Promise.reject(new Error('down'));
        },
      })
      .catch(() => 'failed');
    await jest.advanceTimersByTimeAsync(200_000);
    expect(await done).toBe('failed');
    const waits = calls.slice(1).map((t, i) => t - calls[i]);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
