import { Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTING_MSG,
  type AvailableListingsResponse,
  type BuyerAvailableListingsResponse,
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
import { ListingPresenter } from './listing-presenter.js';
import type { ListingRow } from './listing-row.js';
import { scopeOf } from './listing-scope.js';
import { ListingsRepository } from './listings.repository.js';

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

  /** A seller's or buyer's own listings (a handful: not paged). */
  async listMine(user: IdentityClaims): Promise<ListingsResponse> {
    const rows = await this.listings.listInScope(scopeOf(user));
    return { listings: await this.presenter.present(rows) };
  }

  async availableForBuyer(buyerId: string): Promise<BuyerAvailableListingsResponse> {
    const rows = await this.listings.listAvailableFor(buyerId);
    const people = await this.identity.names(rows.flatMap((r) => (r.sellerId ? [r.sellerId] : [])));
    return {
      listings: rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        price: Number(r.price),
        status: r.status,
        sellerName: r.sellerId ? (people.get(r.sellerId)?.name ?? null) : r.privateSellerName,
      })),
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

  /** The listing's parties; with a userId, also that user's journey on it when they are its seller or one of its buyers. */
  async parties(id: string, userId?: string): Promise<ListingPartiesResponse> {
    const l = await this.listings.findInScope(id, { kind: 'all' });
    if (!l) throw new NotFoundException(LISTING_MSG.listingNotFound);
    const buyerIds = await this.listings.buyerIds(l.id);
    const parties: ListingPartiesResponse = { listingId: l.id, sellerId: l.sellerId, agentId: l.agentId, buyerIds };
    if (userId === undefined) return parties;
    const client = userId === l.sellerId || buyerIds.includes(userId);
    return { ...parties, journey: client ? await this.listings.partyJourney(userId, l.id) : null };
  }

  async access(id: string, q: ListingAccessQuery): Promise<ListingAccessResponse> {
    const row = await this.listings.findInScope(id, scopeOf({ sub: q.userId, role: q.role, name: '' }));
    if (!row) return { allowed: false, relation: null };
    return { allowed: true, relation: q.role.toLowerCase() as ListingAccessResponse['relation'] };
  }

  /** Every other party of every listing the user is the seller, a (non-rejected) buyer or the agent of. */
  async relations(userId: string): Promise<UserRelationsResponse> {
    return { userIds: await this.listings.relatedUserIds(userId) };
  }
}

const isStaff = (u: IdentityClaims) => u.role === 'BROKER' || u.role === 'AGENT';
