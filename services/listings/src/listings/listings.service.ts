import { Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTING_MSG,
  decideListingAccess,
  type AvailableListingsResponse,
  type BuyerAvailableListing,
  type BuyerAvailableListingsResponse,
  type BuyerListingResponse,
  type BuyerListingsResponse,
  type IdentityClaims,
  type ListingAccessQuery,
  type ListingAccessResponse,
  type ListingPartiesResponse,
  type ListingResponse,
  type ListingsResponse,
  type ListingStatus,
  type UserRelationsResponse,
} from '@brokerage/contracts';
import { IdentityUsersClient, PEOPLE_CACHE_MS } from '../identity/identity-users.client.js';
import { ListingsMemo } from './listings-memo.js';
import { ListingPresenter, buyerParties, sellerNameOf, toCard } from './listing-presenter.js';
import type { ListingRow } from './listing-row.js';
import { scopeOf } from './listing-scope.js';
import { ListingsRepository, toPartyJourney } from './listings.repository.js';

export interface InternalListing {
  id: string;
  title: string;
  description: string;
  price: number;
  status: ListingStatus;
  sellerId: string | null;
  agentId: string | null;
  buyerIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** Reading listings, always inside the caller's scope (not theirs → the same 404 as unknown). */
@Injectable()
export class ListingsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly presenter: ListingPresenter,
    private readonly identity: IdentityUsersClient,
    private readonly memo: ListingsMemo,
  ) {}

  /** The NDA picker: ACTIVE listings only (spec part 1 §3 "Available listing"). */
  async availableListings(): Promise<AvailableListingsResponse> {
    const rows = await this.listings.findActive();
    return { listings: rows.map((r) => ({ id: r.id, title: r.title, price: Number(r.price) })) };
  }

  async findOrThrow(user: IdentityClaims, id: string): Promise<ListingRow> {
    const row = await this.listings.findInScope(id, scopeOf(user));
    if (!row) throw new NotFoundException(LISTING_MSG.listingNotFound);
    return row;
  }

  async get(user: IdentityClaims, id: string): Promise<ListingResponse> {
    const row = await this.findOrThrow(user, id);
    return { listing: await this.presenter.presentOne(row, { sellerEmail: isStaff(user) }) };
  }

  /** GET /buyer/listings/{id}: a listing the buyer takes part in (not rejected; else 404), as a BuyerListing. */
  async getForBuyer(buyer: IdentityClaims, id: string): Promise<BuyerListingResponse> {
    const row = await this.findOrThrow(buyer, id);
    return { listing: await this.presenter.presentOneForBuyer(row, buyer) };
  }

  /** Staff lists (paged, see listingsQuerySchema). */
  async listPaged(user: IdentityClaims, q: { page: number; pageSize: number; status?: ListingStatus }): Promise<ListingsResponse> {
    const scope = scopeOf(user);
    const compute = async (): Promise<ListingsResponse> => {
      const [total, rows] = await Promise.all([
        this.listings.countInScope(scope, q.status),
        this.listings.listInScope(scope, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      ]);
      return { listings: await this.presenter.present(rows, { sellerEmail: true }), total, page: q.page, pageSize: q.pageSize };
    };
    // A staff page depends on listings, their buyers and the people's names only: kept per listings version
    // (listings-memo.ts) and per period of the people cache, so names are as fresh as they were without it.
    const who = scope.kind === 'all' ? 'all' : scope.kind === 'agent' ? `agent:${scope.userId}` : null;
    if (!who) return compute();
    const namesPeriod = Math.floor(Date.now() / PEOPLE_CACHE_MS);
    return this.memo.get(`page:${who}:${q.status ?? ''}:${q.page}:${q.pageSize}:${namesPeriod}`, compute);
  }

  /** A seller's own listings (a handful: not paged). */
  async listMine(user: IdentityClaims): Promise<ListingsResponse> {
    const rows = await this.listings.listInScope(scopeOf(user));
    return { listings: await this.presenter.present(rows) };
  }

  /** GET /buyer/listings: the listings the buyer takes part in, each as a BuyerListing (card until their NDA for it). */
  async listForBuyer(buyer: IdentityClaims): Promise<BuyerListingsResponse> {
    const rows = await this.listings.listInScope(scopeOf(buyer));
    return { listings: await this.presenter.presentForBuyer(rows, buyer) };
  }

  /** The ACTIVE listings a buyer may choose, as public cards; the seller's name only past the buyer's NDA for it. */
  async availableForBuyer(buyer: IdentityClaims): Promise<BuyerAvailableListingsResponse> {
    const rows = await this.listings.listAvailableFor(buyer.sub);
    const journeys = await this.listings.buyerJourneys(buyer.sub, rows.map((r) => r.id));
    const open = rows.filter((r) => decideListingAccess(buyer, buyerParties(r, buyer.sub, journeys.get(r.id))) === 'ok');
    const people = await this.identity.names(open.flatMap((r) => (r.sellerId ? [r.sellerId] : [])));
    const openIds = new Set(open.map((r) => r.id));
    return {
      listings: rows.map(
        (r): BuyerAvailableListing =>
          openIds.has(r.id) ? { ...toCard(r), ndaCompleted: true, sellerName: sellerNameOf(r, people) } : { ...toCard(r), ndaCompleted: false },
      ),
    };
  }

  // ---- internal ----

  async getForService(id: string): Promise<{ listing: InternalListing }> {
    const l = await this.listings.findInScope(id, { kind: 'all' });
    if (!l) throw new NotFoundException(LISTING_MSG.listingNotFound);
    return {
      listing: {
        id: l.id,
        title: l.title,
        description: l.description,
        price: Number(l.price),
        status: l.status,
        sellerId: l.sellerId,
        agentId: l.agentId,
        buyerIds: await this.listings.buyerIds(l.id),
        createdAt: l.createdAt.toISOString(),
        updatedAt: l.updatedAt.toISOString(),
      },
    };
  }

  /**
   * The listing's parties and, among its buyers, those past their NDA (the access rule, decideListingAccess: one query
   * for all of them); with a userId, also that user's journey on it when they are its seller or one of its buyers.
   */
  async parties(id: string, userId?: string): Promise<ListingPartiesResponse> {
    const l = await this.listings.findInScope(id, { kind: 'all' });
    if (!l) throw new NotFoundException(LISTING_MSG.listingNotFound);
    const buyers = await this.listings.buyerJourneysOf(l.id);
    const buyerIds = buyers.map((b) => b.buyerId);
    const ndaBuyerIds = buyers
      .filter((b) => decideListingAccess({ sub: b.buyerId, role: 'BUYER' }, { listingId: l.id, sellerId: l.sellerId, agentId: l.agentId, buyerIds, journey: b.journey }) === 'ok')
      .map((b) => b.buyerId);
    const parties: ListingPartiesResponse = { listingId: l.id, sellerId: l.sellerId, agentId: l.agentId, buyerIds, ndaBuyerIds };
    if (userId === undefined) return parties;
    const client = userId === l.sellerId || buyerIds.includes(userId);
    return { ...parties, journey: client ? await this.listings.partyJourney(userId, l.id) : null };
  }

  async access(id: string, q: ListingAccessQuery): Promise<ListingAccessResponse> {
    const row = await this.listings.findInScope(id, scopeOf({ sub: q.userId, role: q.role, name: '' }));
    if (!row) return { allowed: false, relation: null };
    return { allowed: true, relation: q.role.toLowerCase() as ListingAccessResponse['relation'] };
  }

  /**
   * Whom a user deals with through listings (identity: a client's contacts, GET /users, who may message whom): the
   * agent and the seller of the listings they are party of, and the buyers of the listings they sell or are agent of.
   * A buyer and a seller are related only once that buyer's NDA step for the listing is completed (the access rule,
   * contracts decideListingAccess); buyers are never related to each other (deviation 7); agents to all of theirs.
   */
  async relations(userId: string): Promise<UserRelationsResponse> {
    const out = new Set<string>();
    const add = (id: string | null) => {
      if (id && id !== userId) out.add(id);
    };
    for (const r of await this.listings.relationRows(userId)) {
      const buyerPastNda = (buyerId: string) =>
        decideListingAccess(
          { sub: buyerId, role: 'BUYER' },
          { listingId: r.listingId, sellerId: r.sellerId, agentId: r.agentId, buyerIds: [buyerId], journey: toPartyJourney(r) },
        ) === 'ok';
      if (r.buyerId === userId) {
        add(r.agentId);
        if (buyerPastNda(userId)) add(r.sellerId);
        continue;
      }
      if (r.agentId === userId) {
        add(r.sellerId);
        add(r.buyerId);
      } else if (r.sellerId === userId) {
        add(r.agentId);
        if (r.buyerId && buyerPastNda(r.buyerId)) add(r.buyerId);
      }
    }
    return { userIds: [...out].sort() };
  }
}

const isStaff = (u: IdentityClaims) => u.role === 'BROKER' || u.role === 'AGENT';
