import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PEOPLE, noticeCommandSchema, type InternalUser, type NoticeCommand } from '@brokerage/contracts';

/**
 * Identity's internal people API (contracts people.ts: GET /internal/users?role&managerId&ids, POST /internal/users/lookup)
 * served from the demo roster, so the listings service is tested alone over real HTTP. Identity owns the real one.
 */
export interface IdentityStub {
  url: string;
  people: Map<string, InternalUser>;
  calls: number;
  /** POST /internal/notices bodies, as validated (answered {accepted}: 0 for an eventId already taken). */
  notices: NoticeCommand[];
  close(): Promise<void>;
}

const created = '2026-01-05T10:00:00.000Z';

export async function startIdentityStub(): Promise<IdentityStub> {
  const people = new Map<string, InternalUser>(
    DEMO_PEOPLE.map((p) => [
      p.id,
      { id: p.id, name: p.name, email: p.email, role: p.role, phone: p.phone, isActive: true, createdAt: created, managerId: p.managerId, company: p.company ?? null },
    ]),
  );
  const stub: IdentityStub = { url: '', people, calls: 0, notices: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    stub.calls++;
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (users: InternalUser[]) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ users: users.sort((a, b) => a.name.localeCompare(b.name)) }));
    };
    if (!req.headers['x-identity-token']) {
      res.writeHead(401).end(JSON.stringify({ message: 'Authentication required' }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/internal/users') {
      const role = url.searchParams.get('role');
      const managerId = url.searchParams.get('managerId');
      const ids = url.searchParams.get('ids')?.split(',');
      send([...people.values()].filter((u) => (!role || u.role === role) && (!managerId || u.managerId === managerId) && (!ids || ids.includes(u.id))));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/internal/users/lookup') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { ids } = JSON.parse(body) as { ids: string[] };
        send(ids.flatMap((id) => (people.has(id) ? [people.get(id)!] : [])));
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/internal/notices') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const n = noticeCommandSchema.safeParse(JSON.parse(body));
        if (!n.success) return void res.writeHead(400).end(JSON.stringify({ message: n.error.issues[0]?.message }));
        const repeat = stub.notices.some((x) => x.eventId === n.data.eventId);
        if (!repeat) stub.notices.push(n.data);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: repeat ? 0 : (n.data.recipients.userIds?.length ?? 0) + (n.data.recipients.brokers ? 1 : 0) }));
      });
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((r) => server.close(() => r()));
  return stub;
}
