import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_TYPES, type InternalDocumentActivity } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

/** Per buyer: how many (downloads, or documents read), and the type and time of the latest one. */
const latestOfRow = z
  .object({ user_id: z.string(), count: sqlColumn.count, document_type: z.enum(DOCUMENT_TYPES), at: sqlColumn.time })
  .describe('buyerLatestOfRow');
const buyerUploadRow = z.object({ user_id: z.string(), at: sqlColumn.time }).describe('buyerUploadRow');

/**
 * Per buyer of a listing (issue 23 §3): documents read in the viewer (documents.page_engagement: one per document
 * version, the latest by its last page-time report; a deleted document's records no longer count), downloads and
 * inline opens (documents.downloads via 'file'; the viewer's openings, via 'viewer', are its reads above), latest
 * own upload.
 */
@Injectable()
export class BuyerActivityRepository {
  constructor(private readonly ds: DataSource) {}

  async forListing(listingId: string): Promise<InternalDocumentActivity['users']> {
    const [downloads, reads, uploads] = await Promise.all([
      this.ds.query(
        `SELECT DISTINCT ON (user_id) user_id, count(*) OVER (PARTITION BY user_id) AS count, document_type, downloaded_at AS at
           FROM documents.downloads WHERE listing_id = $1 AND user_role = 'BUYER' AND via = 'file'
          ORDER BY user_id, downloaded_at DESC, id`,
        [listingId],
      ),
      this.ds.query(
        `WITH documents_read AS (
           SELECT e.buyer_id, e.document_id, d.type AS document_type, max(e.last_seen_at) AS at
             FROM documents.page_engagement e JOIN documents.documents d ON d.id = e.document_id
            WHERE e.listing_id = $1 GROUP BY e.buyer_id, e.document_id, d.type)
         SELECT DISTINCT ON (buyer_id) buyer_id AS user_id, count(*) OVER (PARTITION BY buyer_id) AS count, document_type, at
           FROM documents_read ORDER BY buyer_id, at DESC, document_id`,
        [listingId],
      ),
      this.ds.query(
        `SELECT uploaded_by AS user_id, max(created_at) AS at FROM documents.documents
          WHERE listing_id = $1 AND uploaded_by_role = 'BUYER' AND uploaded_by IS NOT NULL GROUP BY uploaded_by`,
        [listingId],
      ),
    ]);
    const users = new Map<string, InternalDocumentActivity['users'][number]>();
    const entry = (userId: string) => {
      let u = users.get(userId);
      if (!u) users.set(userId, (u = { userId, views: 0, lastView: null, lastDownload: null, lastUpload: null }));
      return u;
    };
    for (const d of rows(latestOfRow, downloads)) {
      const u = entry(d.user_id);
      u.views += d.count;
      u.lastDownload = { documentType: d.document_type, at: d.at.toISOString() };
    }
    for (const r of rows(latestOfRow, reads)) {
      const u = entry(r.user_id);
      u.views += r.count;
      u.lastView = { documentType: r.document_type, at: r.at.toISOString() };
    }
    for (const up of rows(buyerUploadRow, uploads)) entry(up.user_id).lastUpload = { at: up.at.toISOString() };
    return [...users.values()];
  }
}
