import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { InternalAttentionResponse } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const uploadsRow = z
  .object({ listingId: z.string(), userId: z.string(), role: z.enum(['SELLER', 'BUYER']), count: z.number().int(), lastAt: sqlColumn.time })
  .describe('clientUploadsRow');
const openRequestsRow = z.object({ listingId: z.string(), buyerId: z.string(), open: z.number().int(), oldestAt: sqlColumn.time }).describe('openRequestsRow');

/** What the staff's "Needs attention" list needs from documents (listings asks; contracts needs-attention.ts). */
@Injectable()
export class NeedsAttentionRepository {
  constructor(private readonly ds: DataSource) {}

  /** Uploads of sellers and buyers (their own files, not staff's or generated, nor Q&A answer files) since `since`, per listing and client. */
  async clientUploads(listingIds: string[], since: Date): Promise<InternalAttentionResponse['uploads']> {
    if (listingIds.length === 0) return [];
    const res = await this.ds.query(
      `SELECT listing_id AS "listingId", uploaded_by AS "userId", uploaded_by_role AS role, count(*)::int AS count, max(created_at) AS "lastAt"
         FROM documents.documents
        WHERE listing_id = ANY($1::uuid[]) AND created_at >= $2 AND uploaded_by IS NOT NULL
          AND category IN ('SELLER_UPLOAD', 'BUYER_UPLOAD') AND uploaded_by_role IN ('SELLER', 'BUYER')
          AND question_id IS NULL -- a seller's answer file is the question's, not the data room's
        GROUP BY listing_id, uploaded_by, uploaded_by_role`,
      [listingIds, since],
    );
    return rows(uploadsRow, res).map((r) => ({ ...r, lastAt: r.lastAt.toISOString() }));
  }

  /**
   * A buyer's requested due-diligence documents that have no file the buyer may see yet (the step-7 rule's "has a
   * file": DueDiligenceRepository.namesWithFileFor), per listing and buyer, with the oldest such request.
   */
  async openRequests(listingIds: string[]): Promise<InternalAttentionResponse['dueDiligence']> {
    if (listingIds.length === 0) return [];
    const res = await this.ds.query(
      `SELECT r.listing_id AS "listingId", r.buyer_id AS "buyerId", count(*)::int AS open, min(r.requested_at) AS "oldestAt"
         FROM documents.due_diligence_requests r
        WHERE r.listing_id = ANY($1::uuid[])
          AND NOT EXISTS (
            SELECT 1 FROM documents.documents d
             WHERE d.listing_id = r.listing_id AND d.due_diligence_name = r.document_name
               AND (d.audience IN ('BUYERS', 'ALL') OR (d.audience = 'BUYER' AND d.buyer_id = r.buyer_id)))
        GROUP BY r.listing_id, r.buyer_id`,
      [listingIds],
    );
    return rows(openRequestsRow, res).map((r) => ({ ...r, oldestAt: r.oldestAt.toISOString() }));
  }
}
