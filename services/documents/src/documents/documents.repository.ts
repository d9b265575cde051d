import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_DOCUMENT_PERMISSION, DOCUMENT_AUDIENCES, DOCUMENT_CATEGORIES, DOCUMENT_PERMISSIONS, DOCUMENT_TYPES } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow, rows as parseRows, sqlColumn } from '@brokerage/nest-common';
import { isVersioned, nextVersion } from '../versions/versions.js';

export const documentRow = z
  .object({
    id: z.string(),
    listingId: z.string(),
    category: z.enum(DOCUMENT_CATEGORIES),
    type: z.enum(DOCUMENT_TYPES),
    stepId: z.number().nullable(),
    audience: z.enum(DOCUMENT_AUDIENCES),
    buyerId: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number(),
    sha256: z.string(),
    storageKey: z.string(),
    uploadedBy: z.string().nullable(),
    uploadedByRole: z.string(),
    uploadedByName: z.string(),
    /** Which requested document the file is (contracts document-tags.ts); null when untagged. */
    tag: z.string().nullable(),
    /** Issue 23 §2: what buyers may do with it (a reader that does not select it: the default). */
    permission: z.enum(DOCUMENT_PERMISSIONS).default(DEFAULT_DOCUMENT_PERMISSION),
    /** Issue 23 §4: the first version's id (null on a first version) and this one's number. */
    versionOf: z.string().nullable().default(null),
    version: z.number().default(1),
    /** Issue 24 §3: the question whose answer carries this file (read through the questions' rule; never listed). */
    questionId: z.string().nullable().default(null),
    createdAt: sqlColumn.time,
  })
  .describe('documentRow');
export type DocumentRow = z.output<typeof documentRow>;
const forUseRow = z.object({ newestVersion: z.number(), listingRevoked: z.boolean(), documentRevoked: z.boolean() }).describe('documentForUseRow');
const versionRow = z.object({ id: z.string(), versionOf: z.string().nullable(), version: z.number() }).describe('documentVersionRow');

export type NewDocument = Omit<DocumentRow, 'id' | 'createdAt' | 'tag' | 'permission' | 'versionOf' | 'version' | 'questionId'> & {
  tag?: string | null;
  permission?: DocumentRow['permission'];
};

const COLUMNS = `id, listing_id AS "listingId", category, type, step_id AS "stepId", audience, buyer_id AS "buyerId",
  file_name AS "fileName", content_type AS "contentType", size_bytes::float8 AS "sizeBytes", sha256, storage_key AS "storageKey",
  uploaded_by AS "uploadedBy", uploaded_by_role AS "uploadedByRole", uploaded_by_name AS "uploadedByName", tag, permission, version_of AS "versionOf", version, question_id AS "questionId", created_at AS "createdAt"`;

@Injectable()
export class DocumentsRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Inserts every document of one upload in one transaction (all or none), `within` it what goes with them (outbox
   * rows). A staff upload named like an earlier one of its type becomes its next version (versions.ts; listing
   * agreement and contracts aside).
   */
  async insertAll(docs: NewDocument[], within?: (m: EntityManager, rows: DocumentRow[]) => Promise<void>): Promise<DocumentRow[]> {
    return this.ds.transaction(async (m) => {
      const rows: DocumentRow[] = [];
      for (const d of docs) {
        const v = isVersioned(d.category, d.type) ? await nextVersion(m, d) : { versionOf: null, version: 1 };
        const inserted = await m.query(
          `INSERT INTO documents.documents (listing_id, owner_id, category, type, step_id, audience, buyer_id, file_name, content_type,
             size_bytes, sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name, tag, permission, version_of, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING ${COLUMNS}`,
          [d.listingId, d.buyerId ?? d.uploadedBy, d.category, d.type, d.stepId, d.audience, d.buyerId, d.fileName, d.contentType,
            d.sizeBytes, d.sha256, d.storageKey, d.uploadedBy, d.uploadedByRole, d.uploadedByName, d.tag ?? null,
            d.permission ?? DEFAULT_DOCUMENT_PERMISSION, v.versionOf, v.version],
        );
        rows.push(...parseRows(documentRow, inserted));
      }
      await within?.(m, rows);
      return rows;
    });
  }

  async byListing(listingId: string): Promise<DocumentRow[]> {
    return parseRows(documentRow, await this.ds.query(`SELECT ${COLUMNS} FROM documents.documents WHERE listing_id = $1 ORDER BY created_at DESC, id`, [listingId]));
  }

  /**
   * What a read of the document checks, in one query (the viewer's and download's hot path): the row, the newest
   * version of its group, and whether `buyerId` (null: not a buyer) has the listing's documents or this one revoked.
   */
  async forUse(id: string, buyerId: string | null): Promise<{ row: DocumentRow; newestVersion: number; listingRevoked: boolean; documentRevoked: boolean } | null> {
    const [found] = await this.ds.query(
      `SELECT ${COLUMNS},
         (SELECT max(v.version) FROM documents.documents v WHERE coalesce(v.version_of, v.id) = coalesce(d.version_of, d.id))::int AS "newestVersion",
         EXISTS (SELECT 1 FROM documents.revocations r WHERE r.listing_id = d.listing_id AND r.buyer_id = $2::uuid AND r.document_id IS NULL) AS "listingRevoked",
         EXISTS (SELECT 1 FROM documents.revocations r WHERE r.listing_id = d.listing_id AND r.buyer_id = $2::uuid AND r.document_id = d.id) AS "documentRevoked"
       FROM documents.documents d WHERE d.id = $1 AND d.listing_id IS NOT NULL`,
      [id, buyerId],
    );
    if (!found) return null;
    const extra = forUseRow.parse(found);
    return { row: firstRow(documentRow, [found])!, ...extra };
  }

  async byId(id: string): Promise<DocumentRow | null> {
    return firstRow(documentRow, await this.ds.query(`SELECT ${COLUMNS} FROM documents.documents WHERE id = $1 AND listing_id IS NOT NULL`, [id])) ?? null;
  }

  /** The versions of a document's group (itself alone when it has none), oldest first. */
  async versionsOf(row: Pick<DocumentRow, 'id' | 'versionOf'>): Promise<Array<{ id: string; versionOf: string | null; version: number }>> {
    return parseRows(versionRow, await this.ds.query(
      `SELECT id, version_of AS "versionOf", version FROM documents.documents WHERE coalesce(version_of, id) = $1 ORDER BY version`,
      [row.versionOf ?? row.id],
    ));
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
