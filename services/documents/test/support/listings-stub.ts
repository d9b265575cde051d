import http from 'node:http';
import { journeyAt, listenAsUpstream } from '@brokerage/nest-common/testing';
import {
  IDENTITY_HEADER,
  journeyEventSchema,
  listingPartiesAnswerSchema,
  ndaCompleted,
  selectedListingAnswerSchema,
  type JourneyEvent,
  type ListingPartiesResponse,
  type PartyJourney,
} from '@brokerage/contracts';

export { journeyAt };

/**
 * Listings' internal API as an HTTP server for documents' tests: parties (with ?userId=, that client's journey, as
 * listings answers it), selected listing and the journey command, answered from mutable tables; every answer and the
 * event bodies are validated with the contract schemas.
 */
export interface ListingsStub {
  parties: Map<string, ListingPartiesResponse>;
  /** `${listingId}:${userId}` → that client's journey (none: null, as listings answers a client without one). */
  journeys: Map<string, PartyJourney>;
  /** userId → selected listing id. */
  selected: Map<string, string>;
  /** Journey events listings accepted (first time per eventId). */
  events: Array<JourneyEvent & { eventId: string }>;
  /** While true, every call answers 503 (listings down). */
  down: boolean;
  calls: string[];
  /** GET /internal/listings/{id}: the listing's title (the notices' headlines); unknown → 404. */
  titles: Map<string, string>;
  url: string;
  close(): Promise<void>;
}

const callerOf = (token: string | undefined): string | null => {
  if (!token) return null;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sub ?? null;
  } catch {
    return null;
  }
};

export async function startListingsStub(): Promise<ListingsStub> {
  const stub: Omit<ListingsStub, 'url' | 'close'> = { parties: new Map(), journeys: new Map(), selected: new Map(), events: [], down: false, calls: [], titles: new Map() };
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      stub.calls.push(`${req.method} ${url.pathname}`);
      if (stub.down) return send(503, { message: 'Service unavailable' });
      if (callerOf(req.headers[IDENTITY_HEADER] as string | undefined) !== 'service:documents') return send(401, { message: 'Authentication required' });
      const parties = /^\/internal\/listings\/([^/]+)\/parties$/.exec(url.pathname);
      if (req.method === 'GET' && parties) {
        const p = stub.parties.get(parties[1]!);
        if (!p) return send(404, { message: 'Listing not found' });
        const userId = url.searchParams.get('userId');
        // listings answers the buyers past their NDA step with every parties answer
        const ndaBuyerIds = p.ndaBuyerIds ?? p.buyerIds.filter((b) => ndaCompleted(stub.journeys.get(`${p.listingId}:${b}`)));
        if (userId === null) return send(200, listingPartiesAnswerSchema.parse({ ...p, ndaBuyerIds }));
        // listings: the journey of the asked user when they are the listing's seller or one of its buyers, else null
        const client = userId === p.sellerId || p.buyerIds.includes(userId);
        return send(200, listingPartiesAnswerSchema.parse({ ...p, ndaBuyerIds, journey: client ? (stub.journeys.get(`${p.listingId}:${userId}`) ?? null) : null }));
      }
      const listing = /^\/internal\/listings\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && listing) {
        const title = stub.titles.get(listing[1]!);
        return title ? send(200, { listing: { id: listing[1], title } }) : send(404, { message: 'Listing not found' });
      }
      if (req.method === 'GET' && url.pathname === '/internal/journeys/selected-listing') {
        return send(200, selectedListingAnswerSchema.parse({ listingId: stub.selected.get(url.searchParams.get('userId') ?? '') ?? null }));
      }
      if (req.method === 'POST' && url.pathname === '/internal/journeys/events') {
        const ev = journeyEventSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
        if (!ev.success) return send(400, { message: ev.error.issues[0]?.message ?? 'invalid' });
        const duplicate = stub.events.some((e) => e.eventId === ev.data.eventId);
        if (!duplicate) stub.events.push(ev.data as JourneyEvent & { eventId: string });
        return send(200, { applied: !duplicate, duplicate, progress: { currentStep: 0, steps: [], selectedListingId: null, totalSteps: 11, completedSteps: 0 } });
      }
      send(404, { message: 'Not found' });
    });
  });
  return Object.assign(stub, await listenAsUpstream(server, 'LISTINGS_URL'));
}

