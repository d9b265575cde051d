import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { firstRow, sqlColumn } from '@brokerage/nest-common';

const signedRow = z
  .object({ signerName: z.string().nullable(), signedAt: z.string().nullable(), ownerName: z.string(), createdAt: sqlColumn.time })
  .describe('signedNdaRow');
export type SignedNdaRow = z.output<typeof signedRow>;

/**
 * The listing's signed NDAs by the sha256 recorded when each was filed: the pdf worker's PDFs of what a buyer signed
 * (the signature from the PDF request) and NDAs a buyer uploaded themselves (their name, the upload's time). A copy
 * staff uploaded carries no signature the portal saw, so it is no signed NDA here.
 */
@Injectable()
export class NdaVerificationRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The NDA document of this listing whose recorded sha256 is `sha256`, with its signature from the PDF request. */
  async findSigned(listingId: string, sha256: string): Promise<SignedNdaRow | null> {
    const res = await this.ds.query(
      `SELECT g.payload->'signature'->>'name' AS "signerName", g.payload->'signature'->>'signedAt' AS "signedAt",
              d.uploaded_by_name AS "ownerName", d.created_at AS "createdAt"
         FROM documents.documents d
         LEFT JOIN documents.generated_pdfs g ON g.storage_key = d.storage_key
        WHERE d.listing_id = $1 AND d.type = 'NDA' AND d.sha256 = $2
          AND (g.payload->'signature' IS NOT NULL OR d.uploaded_by_role = 'BUYER')
        ORDER BY d.created_at DESC LIMIT 1`,
      [listingId, sha256],
    );
    return firstRow(signedRow, res) ?? null;
  }
}
