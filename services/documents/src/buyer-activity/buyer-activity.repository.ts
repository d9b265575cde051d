import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_TYPES, type InternalDocumentActivity } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const buyerDownloadsRow = z
  .object({ user_id: z.string(), views: sqlColumn.count, document_type: z.enum(DOCUMENT_TYPES), at: sqlColumn.time })
  .describe('buyerDownloadsRow');
const buyerUploadRow = z.object({ user_id: z.string(), at: sqlColumn.time }).describe('buyerUploadRow');

/** Per buyer of a listing: downloads and views (documents.downloads), latest download, latest own upload. */
@Injectable()
export class BuyerActivityRepository {
  constructor(private readonly ds: DataSource) {}

  async forListing(listingId: string): Promise<InternalDocumentActivity['users']> {
    const downloads = rows(
      buyerDownloadsRow,
      await this.ds.query(
      `SELECT DISTINCT ON (user_id) user_id, count(*) OVER (PARTITION BY user_id) AS views, document_type, downloaded_at AS at
         FROM documents.downloads WHERE listing_id = $1 AND user_role = 'BUYER'
        ORDER BY user_id, downloaded_at DESC, id`,
        [listingId],
      ),
    );
    const uploads = rows(
      buyerUploadRow,
      await this.ds.query(
      `SELECT uploaded_by AS user_id, max(created_at) AS at FROM documents.documents
        WHERE listing_id = $1 AND uploaded_by_role = 'BUYER' AND uploaded_by IS NOT NULL GROUP BY uploaded_by`,
        [listingId],
      ),
    );
    const users = new Map<string, InternalDocumentActivity['users'][number]>();
    const entry = (userId: string) => {
      let u = users.get(userId);
      if (!u) users.set(userId, (u = { userId, views: 0, lastDownload: null, lastUpload: null }));
      return u;
    };
    for (const d of downloads) {
      const u = entry(d.user_id);
      u.views = d.views;
      u.lastDownload = { documentType: d.document_type, at: d.at.toISOString() };
    }
    for (const up of uploads) entry(up.user_id).lastUpload = { at: up.at.toISOString() };
    return [...users.values()];
  }
}
