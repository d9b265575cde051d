import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_PERMISSIONS, type DocumentPermission, type Revocation } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';
import type { BuyerRevocations } from './document-use.js';

const revocationRow = z
  .object({
    buyer_id: z.string(),
    document_id: z.string().nullable(),
    revoked_by: z.string().nullable(),
    revoked_by_name: z.string(),
    revoked_at: sqlColumn.time,
  })
  .describe('revocationRow');
const permissionRow = z.object({ permission: z.enum(DOCUMENT_PERMISSIONS) }).describe('documentPermissionRow');

/** documents.revocations and documents.documents.permission (issue 23 §2). */
@Injectable()
export class PermissionsRepository {
  constructor(private readonly ds: DataSource) {}

  /** The stored permission of a document (null: no such document). Read at every download, so a change applies at once. */
  async permissionOf(documentId: string): Promise<DocumentPermission | null> {
    return firstRow(permissionRow, await this.ds.query(`SELECT permission FROM documents.documents WHERE id = $1`, [documentId]))?.permission ?? null;
  }

  async setPermission(documentId: string, permission: DocumentPermission): Promise<void> {
    await this.ds.query(`UPDATE documents.documents SET permission = $2 WHERE id = $1`, [documentId, permission]);
  }

  /** One buyer's revoked accesses on a listing. */
  async ofBuyer(listingId: string, buyerId: string): Promise<BuyerRevocations> {
    const found = rows(revocationRow, await this.ds.query(
      `SELECT buyer_id, document_id, revoked_by, revoked_by_name, revoked_at FROM documents.revocations WHERE listing_id = $1 AND buyer_id = $2`,
      [listingId, buyerId],
    ));
    return { listing: found.some((r) => r.document_id === null), documentIds: new Set(found.flatMap((r) => (r.document_id ? [r.document_id] : []))) };
  }

  /** Every revoked access on a listing (staff), oldest first. */
  async ofListing(listingId: string): Promise<Revocation[]> {
    const found = rows(revocationRow, await this.ds.query(
      `SELECT buyer_id, document_id, revoked_by, revoked_by_name, revoked_at FROM documents.revocations WHERE listing_id = $1 ORDER BY revoked_at, id`,
      [listingId],
    ));
    return found.map((r) => ({
      buyerId: r.buyer_id,
      documentId: r.document_id,
      revokedAt: r.revoked_at.toISOString(),
      revokedBy: { id: r.revoked_by, name: r.revoked_by_name },
    }));
  }

  /** Idempotent: revoking twice keeps the first record. */
  async revoke(r: { listingId: string; buyerId: string; documentId: string | null; by: string; byName: string }): Promise<void> {
    await this.ds.query(
      `INSERT INTO documents.revocations (listing_id, buyer_id, document_id, revoked_by, revoked_by_name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (listing_id, buyer_id, coalesce(document_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO NOTHING`,
      [r.listingId, r.buyerId, r.documentId, r.by, r.byName],
    );
  }

  /** A deleted document's revocations go with it. */
  async forgetDocument(documentId: string): Promise<void> {
    await this.ds.query(`DELETE FROM documents.revocations WHERE document_id = $1`, [documentId]);
  }

  async restore(r: { listingId: string; buyerId: string; documentId: string | null }): Promise<void> {
    await this.ds.query(
      `DELETE FROM documents.revocations WHERE listing_id = $1 AND buyer_id = $2 AND document_id IS NOT DISTINCT FROM $3`,
      [r.listingId, r.buyerId, r.documentId],
    );
  }
}
