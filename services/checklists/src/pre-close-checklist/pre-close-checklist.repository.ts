import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PreCloseChecklist } from './pre-close-checklist.entity.js';

@Injectable()
export class PreCloseChecklistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findByListing(listingId: string): Promise<PreCloseChecklist | null> {
    return this.ds.getRepository(PreCloseChecklist).findOneBy({ listingId });
  }
}
