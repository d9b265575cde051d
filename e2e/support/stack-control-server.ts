import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ControllableStack {
  stopService(name: string): Promise<void>;
  restartService(name: string): Promise<void>;
  readonly pids: Record<string, number>;
}

/**
 * Runs in the Playwright runner (global setup), which owns the stack: tests run in worker processes and reach it
 * here to stop a service and start it again (POST /stop/<name>, POST /restart/<name>; GET /pids). Loopback only.
 */
export async function startStackControl(stack: ControllableStack): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const [, action, name] = (req.url ?? '').split('/');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && action === 'pids') return answer(200, stack.pids);
    if (req.method !== 'POST' || !name || (action !== 'stop' && action !== 'restart')) return answer(404, { message: 'Not found' });
    const run = action === 'stop' ? stack.stopService(name) : stack.restartService(name);
    run.then(
      () => answer(200, { pids: stack.pids }),
      (e: unknown) => answer(500, { message: e instanceof Error ? e.message : String(e) }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
