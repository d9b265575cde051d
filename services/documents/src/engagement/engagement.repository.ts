import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const engagementRow = z
  .object({
    buyerId: z.string(),
    buyerName: z.string(),
    listingId: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    version: z.number(),
    pageCount: z.number(),
    page: z.number(),
    ms: sqlColumn.count,
    firstSeenAt: sqlColumn.time,
    lastSeenAt: sqlColumn.time,
  })
  .describe('pageEngagementRow');
export type EngagementRow = z.output<typeof engagementRow>;

const SELECT = `SELECT e.buyer_id AS "buyerId", e.buyer_name AS "buyerName", e.listing_id AS "listingId", e.document_id AS "documentId",
  d.file_name AS "fileName", e.document_version AS "version", e.page_count AS "pageCount", e.page, e.ms,
  e.first_seen_at AS "firstSeenAt", e.last_seen_at AS "lastSeenAt"
  FROM documents.page_engagement e JOIN documents.documents d ON d.id = e.document_id`;

export interface EngagementWrite {
  buyerId: string;
  buyerName: string;
  documentId: string;
  listingId: string;
  version: number;
  pageCount: number;
  /** One entry per page (a report's repeats summed before). */
  pages: Array<{ page: number; ms: number }>;
}

/** documents.page_engagement (issue 23 §3). */
@Injectable()
export class EngagementRepository {
  constructor(private readonly ds: DataSource) {}

  /** One statement: each page's row made or its time added to, last seen now. */
  async add(w: EngagementWrite): Promise<void> {
    await this.ds.query(
      `INSERT INTO documents.page_engagement (buyer_id, document_id, page, listing_id, document_version, buyer_name, page_count, ms)
       SELECT $1, $2, t.page, $3, $4, $5, $6, t.ms FROM unnest($7::int[], $8::bigint[]) AS t(page, ms)
       ON CONFLICT (buyer_id, document_id, page) DO UPDATE
         SET ms = documents.page_engagement.ms + excluded.ms, last_seen_at = now(), buyer_name = excluded.buyer_name`,
      [w.buyerId, w.documentId, w.listingId, w.version, w.buyerName.slice(0, 200), w.pageCount, w.pages.map((p) => p.page), w.pages.map((p) => p.ms)],
    );
  }

  ofListing(listingId: string): Promise<EngagementRow[]> {
    return this.read(`${SELECT} WHERE e.listing_id = $1 ORDER BY e.buyer_id, e.document_id, e.page`, [listingId]);
  }

  ofBuyer(buyerId: string): Promise<EngagementRow[]> {
    return this.read(`${SELECT} WHERE e.buyer_id = $1 ORDER BY e.listing_id, e.document_id, e.page`, [buyerId]);
  }

  private async read(sql: string, params: unknown[]): Promise<EngagementRow[]> {
    return rows(engagementRow, await this.ds.query(sql, params));
  }
}
