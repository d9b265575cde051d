import http from 'node:http';
import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Seen, res: http.ServerResponse) => void;

/** A real HTTP server on a free loopback port; the handler decides each answer. */
export async function startServer(handler: Handler) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { method: req.method || '', url: req.url || '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    base: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Waits (on real I/O turns, not timers, so it works under Jest's fake timers) until `cond` holds.
 * Use with `jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] })`.
 */
export async function until(cond: () => boolean, what = 'condition'): Promise<void> {
  const started = performance.now();
  while (!cond()) {
    if (performance.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** Lets pending I/O (requests in flight, answers being read) settle for `ms` of real time without moving the fake clock. */
export async function settleIo(ms = 150): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < ms) await new Promise<void>((r) => setImmediate(r));
}

export const REAL_IO: { doNotFake: Array<'setImmediate' | 'nextTick' | 'queueMicrotask' | 'performance'> } = {
  doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance'],
};

/**
 * Under the fake clock: no new request reaches the server during the next `ms - 1` ms, and one does at `ms`.
 * Returns once it has arrived.
 */
export async function expectNextRequestAfter(seen: Seen[], ms: number): Promise<void> {
  const before = seen.length;
  await settleIo();
  await jest.advanceTimersByTimeAsync(ms - 1);
  await settleIo();
  if (seen.length !== before) throw new Error(`request ${before + 1} came before ${ms} ms`);
  await jest.advanceTimersByTimeAsync(1);
  await until(() => seen.length === before + 1, `request ${before + 1} at ${ms} ms`);
}

/** Under the fake clock: nothing more reaches the server, however long one waits. */
export async function expectNoMoreRequests(seen: Seen[]): Promise<void> {
  const before = seen.length;
  await jest.advanceTimersByTimeAsync(120_000);
  await settleIo();
  if (seen.length !== before) throw new Error(`${seen.length - before} more request(s) came`);
}
