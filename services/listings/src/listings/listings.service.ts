import { Injectable, NotFoundException } from '@nestjs/common';
import type { AvailableListingsResponse } from '@brokerage/contracts';
import { ListingsRepository } from './listings.repository.js';
import type { ListingStatus } from './listing.entity.js';

export interface InternalListing {
  id: string;
  title: string;
  description: string;
  price: number;
  status: ListingStatus;
  sellerId: string;
  agentId: string | null;
  buyerIds: string[];
  createdAt: string;
  updatedAt: string;
}

@Injectable()
export class ListingsService {
  constructor(private readonly listings: ListingsRepository) {}

  /** The NDA picker: ACTIVE listings only (spec part 1 §3 "Available listing"). */
  async availableListings(): Promise<AvailableListingsResponse> {
    const rows = await this.listings.findActive();
    return { listings: rows.map((r) => ({ id: r.id, title: r.title, price: Number(r.price) })) };
  }

  async getForService(id: string): Promise<{ listing: InternalListing }> {
    const l = await this.listings.findById(id);
    if (!l) throw new NotFoundException('Listing not found');
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
}
