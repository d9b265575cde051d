import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class ListingEventsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Removes the listing's document rows (and their download records, due-diligence requests); answers the storage keys they held. */
  async deleteListing(listingId: string): Promise<string[]> {
    return this.ds.transaction(async (m) => {
      const rows: Array<{ storage_key: string }> = await m.query(`SELECT storage_key FROM documents.documents WHERE listing_id = $1 FOR UPDATE`, [listingId]);
      await m.query(`DELETE FROM documents.documents WHERE listing_id = $1`, [listingId]);
      await m.query(`DELETE FROM documents.downloads WHERE listing_id = $1`, [listingId]);
      await m.query(`DELETE FROM documents.due_diligence_requests WHERE listing_id = $1`, [listingId]);
      return rows.map((r) => r.storage_key);
    });
  }
}
