import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, userRelationsResponseSchema } from '@brokerage/contracts';

export interface ListingsStub {
  /** Every request: path and the `sub` of the service token it carried (null without one). */
  calls: Array<{ method: string; path: string; caller: string | null }>;
  close(): Promise<void>;
}

const tokenSub = (token: string | undefined): string | null => {
  if (!token) return null;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sub ?? null;
  } catch {
    return null;
  }
};

/**
 * The listings service's GET /internal/relations/{userId} as an HTTP server, answering from a table of relations;
 * each answer is validated against the contract schema before it is sent. Points LISTINGS_URL at itself.
 */
export async function startListingsStub(relations: ReadonlyMap<string, string[]>): Promise<ListingsStub> {
  const calls: ListingsStub['calls'] = [];
  const saved = process.env.LISTINGS_URL;
  const server = http.createServer((req, res) => {
    const caller = tokenSub(req.headers[IDENTITY_HEADER] as string | undefined);
    calls.push({ method: req.method ?? '', path: req.url ?? '', caller });
    const m = /^\/internal\/relations\/([^/?]+)$/.exec(req.url ?? '');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET' || !m) return send(404, { message: 'Not found' });
    if (!caller) return send(401, { message: 'Authentication required' });
    send(200, userRelationsResponseSchema.parse({ userIds: relations.get(decodeURIComponent(m[1]!)) ?? [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  process.env.LISTINGS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    calls,
    close: () =>
      new Promise<void>((r) => {
        process.env.LISTINGS_URL = saved;
        server.close(() => r());
      }),
  };
}
