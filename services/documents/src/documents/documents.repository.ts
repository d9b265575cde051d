import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DocumentAudience, DocumentCategory, DocumentType } from '@brokerage/contracts';

export interface DocumentRow {
  id: string;
  listingId: string;
  category: DocumentCategory;
  type: DocumentType;
  stepId: number | null;
  audience: DocumentAudience;
  buyerId: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  uploadedBy: string | null;
  uploadedByRole: string;
  uploadedByName: string;
  /** Which requested document the file is (contracts document-tags.ts); null when untagged. */
  tag: string | null;
  createdAt: Date;
}

export type NewDocument = Omit<DocumentRow, 'id' | 'createdAt' | 'tag'> & { tag?: string | null };

const COLUMNS = `id, listing_id AS "listingId", category, type, step_id AS "stepId", audience, buyer_id AS "buyerId",
  file_name AS "fileName", content_type AS "contentType", size_bytes::float8 AS "sizeBytes", sha256, storage_key AS "storageKey",
  uploaded_by AS "uploadedBy", uploaded_by_role AS "uploadedByRole", uploaded_by_name AS "uploadedByName", tag, created_at AS "createdAt"`;

@Injectable()
export class DocumentsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Inserts every document of one upload in one transaction (all or none). */
  async insertAll(docs: NewDocument[]): Promise<DocumentRow[]> {
    return this.ds.transaction(async (m) => {
      const rows: DocumentRow[] = [];
      for (const d of docs) {
        const [row] = await m.query(
          `INSERT INTO documents.documents (listing_id, owner_id, category, type, step_id, audience, buyer_id, file_name, content_type,
             size_bytes, sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name, tag)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${COLUMNS}`,
          [d.listingId, d.buyerId ?? d.uploadedBy, d.category, d.type, d.stepId, d.audience, d.buyerId, d.fileName, d.contentType,
            d.sizeBytes, d.sha256, d.storageKey, d.uploadedBy, d.uploadedByRole, d.uploadedByName, d.tag ?? null],
        );
        rows.push(row as DocumentRow);
      }
      return rows;
    });
  }

  async byListing(listingId: string): Promise<DocumentRow[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM documents.documents WHERE listing_id = $1 ORDER BY created_at DESC, id`, [listingId]);
  }

  async byId(id: string): Promise<DocumentRow | null> {
    const [row] = await this.ds.query(`SELECT ${COLUMNS} FROM documents.documents WHERE id = $1 AND listing_id IS NOT NULL`, [id]);
    return (row as DocumentRow | undefined) ?? null;
  }

  async setStep(id: string, stepId: number): Promise<void> {
    await this.ds.query(`UPDATE documents.documents SET step_id = $2 WHERE id = $1`, [id, stepId]);
  }

  async setTag(id: string, tag: string | null): Promise<void> {
    await this.ds.query(`UPDATE documents.documents SET tag = $2 WHERE id = $1`, [id, tag]);
  }

  async delete(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM documents.documents WHERE id = $1`, [id]);
  }
}
