import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { changedCount } from '@brokerage/nest-common';

@Injectable()
export class ListingEventsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Naturally idempotent: a second run deletes nothing. */
  async deleteChecklist(listingId: string): Promise<number> {
    return changedCount(await this.ds.query(`DELETE FROM checklists.pre_close_checklists WHERE listing_id = $1`, [listingId]));
  }
}
