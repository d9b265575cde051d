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
  add(w: EngagementWrite): Promise<void> {
    return this.addAll([w]);
  }

  /**
   * Many reports in one statement (the queue's batch): their pages summed per buyer × document × page first (a
   * statement may touch a row once), each row made or its time added to, last seen now; the latest name wins.
   */
  async addAll(writes: EngagementWrite[]): Promise<void> {
    const rows = new Map<string, { w: EngagementWrite; page: number; ms: number }>();
    for (const w of writes) {
      for (const { page, ms } of w.pages) {
        const key = `${w.buyerId} ${w.documentId} ${page}`;
        const row = rows.get(key);
        rows.set(key, { w, page, ms: (row?.ms ?? 0) + ms }); // a later report's name and page count
      }
    }
    if (!rows.size) return;
    const r = [...rows.values()];
    await this.ds.query(
      `INSERT INTO documents.page_engagement (buyer_id, document_id, page, listing_id, document_version, buyer_name, page_count, ms)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::int[], $6::text[], $7::int[], $8::bigint[])
       ON CONFLICT (buyer_id, document_id, page) DO UPDATE
         SET ms = documents.page_engagement.ms + excluded.ms, last_seen_at = now(), buyer_name = excluded.buyer_name`,
      [
        r.map((x) => x.w.buyerId), r.map((x) => x.w.documentId), r.map((x) => x.page), r.map((x) => x.w.listingId),
        r.map((x) => x.w.version), r.map((x) => x.w.buyerName.slice(0, 200)), r.map((x) => x.w.pageCount), r.map((x) => x.ms),
      ],
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
