import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Listing } from './listing.entity.js';
import { ListingBuyer } from './listing-buyer.entity.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ListingsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findActive(): Promise<Pick<Listing, 'id' | 'title' | 'price'>[]> {
    return this.ds.getRepository(Listing).find({
      select: { id: true, title: true, price: true },
      where: { status: 'ACTIVE' },
      order: { title: 'ASC' },
    });
  }

  findById(id: string): Promise<Listing | null> {
    if (!UUID_PATTERN.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Listing).findOneBy({ id });
  }

  async buyerIds(listingId: string): Promise<string[]> {
    const rows = await this.ds.getRepository(ListingBuyer).find({ where: { listingId }, order: { createdAt: 'ASC' } });
    return rows.map((r) => r.buyerId);
  }
}
