import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { rows } from '@brokerage/nest-common';

const storageKeyRow = z.object({ storage_key: z.string() }).describe('documentKeyRow');

@Injectable()
export class ListingEventsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Removes the listing's document rows (and their download records, due-diligence requests, questions); answers the storage keys they held. */
  async deleteListing(listingId: string): Promise<string[]> {
    return this.ds.transaction(async (m) => {
      const keys = rows(storageKeyRow, await m.query(`SELECT storage_key FROM documents.documents WHERE listing_id = $1 FOR UPDATE`, [listingId]));
      await m.query(`DELETE FROM documents.documents WHERE listing_id = $1`, [listingId]);
      await m.query(`DELETE FROM documents.downloads WHERE listing_id = $1`, [listingId]);
      await m.query(`DELETE FROM documents.due_diligence_requests WHERE listing_id = $1`, [listingId]);
      await m.query(`DELETE FROM documents.questions WHERE listing_id = $1`, [listingId]); // Q&A (issue 24 §3): history goes with them
      return keys.map((r) => r.storage_key);
    });
  }
}
