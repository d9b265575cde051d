import { Injectable } from '@nestjs/common';
import type { InternalUser, Listing } from '@brokerage/contracts';
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
}
