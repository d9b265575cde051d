import http from 'node:http';
import { journeyAt, listenAsUpstream } from '@brokerage/nest-common/testing';
import { IDENTITY_HEADER, listingPartiesAnswerSchema, ndaCompleted, selectedListingAnswerSchema, type ListingPartiesResponse, type PartyJourney } from '@brokerage/contracts';

export { journeyAt };

export interface ListingsStub {
  /** listingId → parties (unknown listing: 404 like listings). */
  parties: Map<string, Omit<ListingPartiesResponse, 'listingId' | 'ndaBuyerIds'>>;
  /** `${listingId}:${userId}` → that client's journey (none: null, as listings answers a client without one). */
  journeys: Map<string, PartyJourney>;
  /** `${role}:${userId}` → selected listing id. */
  selected: Map<string, string>;
  calls: string[];
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Listings' GET /internal/listings/{id}/parties(?userId=: with that client's journey) and GET
 * /internal/journeys/selected-listing as an HTTP server; every answer is parsed with the contract schema before it is
 * sent. Points LISTINGS_URL at itself.
 */
export async function startListingsStub(): Promise<ListingsStub> {
  const parties: ListingsStub['parties'] = new Map();
  const journeys: ListingsStub['journeys'] = new Map();
  const selected: ListingsStub['selected'] = new Map();
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (!req.headers[IDENTITY_HEADER]) return send(res, 401, { message: 'Authentication required' });
    const url = new URL(req.url ?? '/', 'http://stub');
    const m = /^\/internal\/listings\/([^/]+)\/parties$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const id = decodeURIComponent(m[1]!);
      const p = parties.get(id);
      if (!p) return send(res, 404, { message: 'Listing not found' });
      const userId = url.searchParams.get('userId');
      // listings: the buyers past their NDA, from their journeys (one query there)
      const ndaBuyerIds = p.buyerIds.filter((b) => ndaCompleted(journeys.get(`${id}:${b}`)));
      if (userId === null) return send(res, 200, listingPartiesAnswerSchema.parse({ listingId: id, ...p, ndaBuyerIds }));
      // listings: the journey of the asked user when they are the listing's seller or one of its buyers, else null
      const client = userId === p.sellerId || p.buyerIds.includes(userId);
      return send(res, 200, listingPartiesAnswerSchema.parse({ listingId: id, ...p, ndaBuyerIds, journey: client ? (journeys.get(`${id}:${userId}`) ?? null) : null }));
    }
    if (req.method === 'GET' && url.pathname === '/internal/journeys/selected-listing') {
      const key = `${url.searchParams.get('role')}:${url.searchParams.get('userId')}`;
      return send(res, 200, selectedListingAnswerSchema.parse({ listingId: selected.get(key) ?? null }));
    }
    send(res, 404, { message: 'Not found' });
  });
  const upstream = await listenAsUpstream(server, 'LISTINGS_URL');
  return { parties, journeys, selected, calls, close: upstream.close };
}


/** Puts the clients at `step` on the listing (default 8, the checklist's: past the NDA, ticks allowed). */
export function setJourneys(stub: ListingsStub, listingId: string, userIds: string[], step = 8): void {
  for (const id of userIds) stub.journeys.set(`${listingId}:${id}`, journeyAt(step));
}
