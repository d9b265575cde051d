import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  IDENTITY_HEADER,
  internalContactsResponseSchema,
  internalUsersLookupSchema,
  internalUsersResponseSchema,
  journeyEventSchema,
  NOTICE_PATH,
  noticeAnswerSchema,
  noticeCommandSchema,
  listingPartiesAnswerSchema,
  selectedListingAnswerSchema,
  type Contact,
  type InternalUser,
  type JourneyEvent,
  type NoticeCommand,
} from '@brokerage/contracts';

type Send = (status: number, body: unknown) => void;
type Handler = (method: string, url: URL, body: unknown, send: Send) => void;

export interface Stub {
  url: string;
  calls: Array<{ method: string; path: string; caller: string | null }>;
  /** When set, every answer is 503 (the service is down). */
  down: boolean;
  close(): Promise<void>;
}

const tokenSub = (token: string | undefined): string | null => {
  try {
    return token ? (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sub ?? null) : null;
  } catch {
    return null;
  }
};

async function startStub(handle: Handler): Promise<Stub> {
  const stub: Stub = { url: '', calls: [], down: false, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const caller = tokenSub(req.headers[IDENTITY_HEADER] as string | undefined);
      const url = new URL(req.url ?? '/', 'http://stub');
      stub.calls.push({ method: req.method ?? '', path: url.pathname + url.search, caller });
      const send: Send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (stub.down) return send(503, { message: 'Service unavailable' });
      if (caller !== 'service:messaging') return send(401, { message: 'Authentication required' });
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        handle(req.method ?? '', url, text ? JSON.parse(text) : undefined, send);
      } catch (err) {
        send(400, { message: (err as Error).message });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((r) => server.close(() => r()));
  return stub;
}

export interface Directory {
  users: InternalUser[];
  /** Who may message whom (identity's GET /users rule), by sender id. */
  contacts: Map<string, string[]>;
  /** Notice commands received (POST /internal/notices, validated with noticeCommandSchema), once per eventId like identity. */
  notices?: NoticeCommand[];
  /** When set, only the notice route answers 503 (identity's mailer is down; contacts still answer). */
  noticesDown?: boolean;
}

/** Identity's internal API as messaging uses it; answers validated with the contract schemas. */
export function startIdentityStub(dir: Directory): Promise<Stub> {
  const toContact = (u: InternalUser): Contact => ({ id: u.id, name: u.name, email: u.email, role: u.role });
  return startStub((method, url, body, send) => {
    const contacts = /^\/internal\/users\/([^/]+)\/contacts$/.exec(url.pathname);
    if (method === 'GET' && contacts) {
      const ids = dir.contacts.get(decodeURIComponent(contacts[1])) ?? [];
      return send(200, internalContactsResponseSchema.parse({ users: dir.users.filter((u) => ids.includes(u.id)).map(toContact) }));
    }
    if (method === 'POST' && url.pathname === '/internal/users/lookup') {
      const { ids } = internalUsersLookupSchema.parse(body);
      return send(200, internalUsersResponseSchema.parse({ users: dir.users.filter((u) => ids.includes(u.id)) }));
    }
    if (method === 'GET' && url.pathname === '/internal/users') {
      const role = url.searchParams.get('role');
      return send(200, internalUsersResponseSchema.parse({ users: dir.users.filter((u) => u.role === role) }));
    }
    if (method === 'POST' && url.pathname === NOTICE_PATH) {
      if (dir.noticesDown) return send(503, { message: 'Service unavailable' });
      const parsed = noticeCommandSchema.safeParse(body);
      if (!parsed.success) return send(400, { message: parsed.error.issues[0]?.message ?? 'invalid' });
      dir.notices ??= [];
      const duplicate = dir.notices.some((n) => n.eventId === parsed.data.eventId);
      if (!duplicate) dir.notices.push(parsed.data);
      return send(200, noticeAnswerSchema.parse({ accepted: duplicate ? 0 : (parsed.data.recipients.userIds ?? []).filter((id) => dir.users.some((u) => u.id === id)).length }));
    }
    send(404, { message: 'Not found' });
  });
}

export interface ListingsState {
  /** The client's selected listing by user id. */
  selected: Map<string, string>;
  /** A listing's agent. */
  agents: Map<string, string | null>;
  /** Journey events received (validated with journeyEventSchema). */
  events: JourneyEvent[];
}

/** Listings' internal API as messaging uses it (selected listing, parties, the journey event command). */
export function startListingsStub(state: ListingsState): Promise<Stub> {
  return startStub((method, url, body, send) => {
    if (method === 'GET' && url.pathname === '/internal/journeys/selected-listing') {
      return send(200, selectedListingAnswerSchema.parse({ listingId: state.selected.get(url.searchParams.get('userId') ?? '') ?? null }));
    }
    const parties = /^\/internal\/listings\/([^/]+)\/parties$/.exec(url.pathname);
    if (method === 'GET' && parties) {
      const id = decodeURIComponent(parties[1]);
      if (!state.agents.has(id)) return send(404, { message: 'Listing not found' });
      return send(200, listingPartiesAnswerSchema.parse({ listingId: id, sellerId: null, agentId: state.agents.get(id) ?? null, buyerIds: [] }));
    }
    if (method === 'POST' && url.pathname === '/internal/journeys/events') {
      const event = journeyEventSchema.parse(body);
      const duplicate = state.events.some((e) => e.eventId === event.eventId);
      if (!duplicate) state.events.push(event);
      return send(200, { applied: !duplicate, duplicate, progress: null });
    }
    send(404, { message: 'Not found' });
  });
}
