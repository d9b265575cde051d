import { Injectable } from '@nestjs/common';
import type { BuyerSummary, BuyersResponse, InternalUser, PersonListingSummary, SellerSummary, SellersResponse } from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { PeopleRepository, toSummary, type PersonListingRow } from './people.repository.js';

function group(rows: PersonListingRow[]): Map<string, PersonListingSummary[]> {
  const out = new Map<string, PersonListingSummary[]>();
  for (const r of rows) out.set(r.personId, [...(out.get(r.personId) ?? []), toSummary(r)]);
  return out;
}

const person = (u: InternalUser) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  isActive: u.isActive,
  createdAt: u.createdAt,
});

/** Sellers and buyers (people from identity) with their listings (ours). */
@Injectable()
export class PeopleService {
  constructor(
    private readonly repo: PeopleRepository,
    private readonly identity: IdentityUsersClient,
  ) {}

  /** Broker: every seller. Agent: sellers they manage plus the sellers of listings assigned to them. */
  async sellers(agentId: string | null): Promise<SellersResponse> {
    const listings = group(await this.repo.sellerListings(agentId));
    let people: InternalUser[];
    if (agentId) {
      const managed = await this.identity.byRole('SELLER', agentId);
      const others = await this.identity.lookup([...listings.keys()].filter((id) => !managed.some((m) => m.id === id)));
      people = [...managed, ...others.values()].sort((a, b) => a.name.localeCompare(b.name));
    } else {
      people = await this.identity.byRole('SELLER');
    }
    const sellers: SellerSummary[] = people
      .filter((u) => u.role === 'SELLER')
      .map((u) => ({ ...person(u), listings: listings.get(u.id) ?? [] }));
    return { sellers };
  }

  /** Broker: every buyer. Agent: the buyers of listings assigned to them. */
  async buyers(agentId: string | null): Promise<BuyersResponse> {
    const listings = group(await this.repo.buyerListings(agentId));
    const people = agentId
      ? [...(await this.identity.lookup(listings.keys())).values()].sort((a, b) => a.name.localeCompare(b.name))
      : await this.identity.byRole('BUYER');
    const buyers: BuyerSummary[] = people
      .filter((u) => u.role === 'BUYER')
      .map((u) => ({ ...person(u), buyingListings: listings.get(u.id) ?? [] }));
    return { buyers };
  }
}
