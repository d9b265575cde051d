import { Injectable } from '@nestjs/common';
import {
  decideListingAccess,
  type BuyerListing,
  type IdentityClaims,
  type InternalUser,
  type Listing,
  type ListingCard,
  type ListingPartiesResponse,
  type PartyJourney,
} from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import type { ListingRow, PartyRow } from './listing-row.js';
import { ListingsRepository } from './listings.repository.js';

const ref = (id: string, people: Map<string, InternalUser>) => ({ id, name: people.get(id)?.name ?? '' });

export function toListing(row: ListingRow, parties: PartyRow[], people: Map<string, InternalUser>, withSellerEmail: boolean): Listing {
  const seller = row.sellerId
    ? { ...ref(row.sellerId, people), ...(withSellerEmail ? { email: people.get(row.sellerId)?.email ?? '' } : {}) }
    : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // numeric(14,2) text → JSON number; parsing only, no arithmetic
    price: Number(row.price),
    status: row.status,
    seller,
    privateSeller: row.privateSellerName
      ? { name: row.privateSellerName, email: row.privateSellerEmail ?? '', phone: row.privateSellerPhone }
      : null,
    buyers: parties.filter((p) => p.status !== 'rejected').map((p) => ref(p.buyerId, people)),
    agent: row.agentId ? ref(row.agentId, people) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public card of a listing: what anyone choosing a listing may read. */
export const toCard = (row: ListingRow): ListingCard => ({
  id: row.id,
  title: row.title,
  description: row.description,
  price: Number(row.price),
  status: row.status,
});

/**
 * The listing as the access rule sees it for one buyer: its seller and agent, the buyer alone among its buyers when they
 * are a party (`journey` !== undefined), and the buyer's journey on it.
 */
export const buyerParties = (row: ListingRow, buyerId: string, journey: PartyJourney | null | undefined): ListingPartiesResponse => ({
  listingId: row.id,
  sellerId: row.sellerId,
  agentId: row.agentId,
  buyerIds: journey === undefined ? [] : [buyerId],
  journey: journey ?? null,
});

/** The seller's name a buyer may read once past the NDA: the registered seller's, else the private seller's. */
export const sellerNameOf = (row: ListingRow, people: Map<string, InternalUser>): string | null =>
  row.sellerId ? (people.get(row.sellerId)?.name ?? null) : row.privateSellerName;

/** Listing rows → API listings with their buyers and the names of every party (one parties query, one identity lookup). */
@Injectable()
export class ListingPresenter {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly identity: IdentityUsersClient,
  ) {}

  async present(rows: ListingRow[], opts: { sellerEmail?: boolean } = {}): Promise<Listing[]> {
    const parties = await this.listings.parties(rows.map((r) => r.id));
    const byListing = new Map<string, PartyRow[]>();
    for (const p of parties) byListing.set(p.listingId, [...(byListing.get(p.listingId) ?? []), p]);
    const ids = new Set<string>();
    for (const r of rows) {
      if (r.sellerId) ids.add(r.sellerId);
      if (r.agentId) ids.add(r.agentId);
    }
    for (const p of parties) ids.add(p.buyerId);
    const people = await this.identity.names(ids);
    return rows.map((r) => toListing(r, byListing.get(r.id) ?? [], people, opts.sellerEmail ?? false));
  }

  async presentOne(row: ListingRow, opts: { sellerEmail?: boolean } = {}): Promise<Listing> {
    const [listing] = await this.present([row], opts);
    return listing!;
  }

  /**
   * Listing rows → what this buyer may read of each (contracts BuyerListing): the public card until their NDA step for
   * it is completed (decideListingAccess), then the seller's name, the agent and the buyer alone as `buyers`.
   */
  async presentForBuyer(rows: ListingRow[], buyer: IdentityClaims): Promise<BuyerListing[]> {
    const journeys = await this.listings.buyerJourneys(buyer.sub, rows.map((r) => r.id));
    const open = new Set(
      rows.filter((r) => decideListingAccess(buyer, buyerParties(r, buyer.sub, journeys.get(r.id))) === 'ok').map((r) => r.id),
    );
    const ids = new Set<string>();
    for (const r of rows) {
      if (!open.has(r.id)) continue;
      if (r.sellerId) ids.add(r.sellerId);
      if (r.agentId) ids.add(r.agentId);
      ids.add(buyer.sub);
    }
    const people = ids.size > 0 ? await this.identity.names(ids) : new Map<string, InternalUser>();
    return rows.map((r): BuyerListing => {
      if (!open.has(r.id)) return { ...toCard(r), ndaCompleted: false };
      return {
        ...toCard(r),
        ndaCompleted: true,
        sellerName: sellerNameOf(r, people),
        agent: r.agentId ? ref(r.agentId, people) : null,
        buyers: [{ id: buyer.sub, name: people.get(buyer.sub)?.name ?? buyer.name ?? '' }],
        closedAt: r.closedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async presentOneForBuyer(row: ListingRow, buyer: IdentityClaims): Promise<BuyerListing> {
    const [listing] = await this.presentForBuyer([row], buyer);
    return listing!;
  }
}
