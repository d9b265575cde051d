import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DUE_DILIGENCE_DOCUMENT_NAMES } from '@brokerage/contracts';
import { documentRow, type NewDocument } from '../documents/documents.repository.js';
import { z } from 'zod';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';

/** A document row with the due-diligence name it is filed under (null: a due-diligence file without one). */
const fileRow = documentRow.extend({ documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES).nullable() }).describe('dueDiligenceFileRow');
export type DueDiligenceFileRow = z.output<typeof fileRow>;

const requestRow = z.object({ buyerId: z.string(), documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES), requestedAt: sqlColumn.time }).describe('dueDiligenceRequestRow');
export type RequestRow = z.output<typeof requestRow>;
const nameRow = z.object({ name: z.string() }).describe('dueDiligenceNameRow');

const FILE_COLUMNS = `id, listing_id AS "listingId", category, type, step_id AS "stepId", audience, buyer_id AS "buyerId",
  file_name AS "fileName", content_type AS "contentType", size_bytes::float8 AS "sizeBytes", sha256, storage_key AS "storageKey",
  uploaded_by AS "uploadedBy", uploaded_by_role AS "uploadedByRole", uploaded_by_name AS "uploadedByName", tag, created_at AS "createdAt",
  due_diligence_name AS "documentName"`;

/** SQL form of canSee() for one buyer (document-access.ts): meant for all buyers, everyone, or that buyer alone. */
const VISIBLE_TO_BUYER = `(audience IN ('BUYERS', 'ALL') OR (audience = 'BUYER' AND buyer_id = $2))`;

/** documents.due_diligence_requests and the due-diligence files of documents.documents. */
@Injectable()
export class DueDiligenceRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Runs `work` in a transaction that holds the (listing, buyer) lock first: request changes, staff uploads and the
   * step-7 check of one buyer take turns, so the check after the last change always sees every change before it.
   */
  inBuyerLock<T>(listingId: string, buyerId: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 10))`, [`due-diligence:${listingId}:${buyerId}`]);
      return work(m);
    });
  }

  // ---- requests ----

  async requestsOf(listingId: string, buyerId: string, m: EntityManager = this.ds.manager): Promise<RequestRow[]> {
    return rows(
      requestRow,
      await m.query(
        `SELECT buyer_id AS "buyerId", document_name AS "documentName", requested_at AS "requestedAt"
           FROM documents.due_diligence_requests WHERE listing_id = $1 AND buyer_id = $2`,
        [listingId, buyerId],
      ),
    );
  }

  async requestsOfListing(listingId: string): Promise<RequestRow[]> {
    return rows(
      requestRow,
      await this.ds.query(
        `SELECT buyer_id AS "buyerId", document_name AS "documentName", requested_at AS "requestedAt"
           FROM documents.due_diligence_requests WHERE listing_id = $1`,
        [listingId],
      ),
    );
  }

  /** Answers the names that were not requested yet (a repeat adds none). */
  async addRequests(m: EntityManager, listingId: string, buyerId: string, names: readonly string[]): Promise<string[]> {
    const added: Array<{ name: string }> = await m.query(
      `INSERT INTO documents.due_diligence_requests (listing_id, buyer_id, document_name)
       SELECT $1, $2, unnest($3::varchar[]) ON CONFLICT DO NOTHING RETURNING document_name AS name`,
      [listingId, buyerId, names],
    );
    return added.map((r) => r.name);
  }

  async removeRequest(m: EntityManager, listingId: string, buyerId: string, name: string): Promise<void> {
    await m.query(`DELETE FROM documents.due_diligence_requests WHERE listing_id = $1 AND buyer_id = $2 AND document_name = $3`, [listingId, buyerId, name]);
  }

  /** Names that have at least one file the buyer may see (the step-7 rule's "has a file"). */
  async namesWithFileFor(m: EntityManager, listingId: string, buyerId: string): Promise<Set<string>> {
    const names = await m.query(
      `SELECT DISTINCT due_diligence_name AS name FROM documents.documents
        WHERE listing_id = $1 AND due_diligence_name IS NOT NULL AND ${VISIBLE_TO_BUYER}`,
      [listingId, buyerId],
    );
    return new Set(rows(nameRow, names).map((r) => r.name));
  }

  // ---- files ----

  /** Every due-diligence file of the listing (named ones and DUE_DILIGENCE documents), newest first. */
  async filesOfListing(listingId: string): Promise<DueDiligenceFileRow[]> {
    return rows(
      fileRow,
      await this.ds.query(
        `SELECT ${FILE_COLUMNS} FROM documents.documents
          WHERE listing_id = $1 AND (due_diligence_name IS NOT NULL OR type = 'DUE_DILIGENCE')
          ORDER BY created_at DESC, id`,
        [listingId],
      ),
    );
  }

  async fileById(id: string): Promise<DueDiligenceFileRow | null> {
    return firstRow(fileRow, await this.ds.query(`SELECT ${FILE_COLUMNS} FROM documents.documents WHERE id = $1 AND listing_id IS NOT NULL`, [id])) ?? null;
  }

  /** Inserts the files of one upload, each filed under `name` (inside the caller's transaction). */
  async insertFiles(m: EntityManager, docs: NewDocument[], name: string | null): Promise<DueDiligenceFileRow[]> {
    const files: DueDiligenceFileRow[] = [];
    for (const d of docs) {
      const inserted = await m.query(
        `INSERT INTO documents.documents (listing_id, owner_id, category, type, step_id, audience, buyer_id, file_name, content_type,
           size_bytes, sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name, due_diligence_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${FILE_COLUMNS}`,
        [d.listingId, d.buyerId ?? d.uploadedBy, d.category, d.type, d.stepId, d.audience, d.buyerId, d.fileName, d.contentType,
          d.sizeBytes, d.sha256, d.storageKey, d.uploadedBy, d.uploadedByRole, d.uploadedByName, name],
      );
      files.push(...rows(fileRow, inserted));
    }
    return files;
  }

  get dataSource(): DataSource {
    return this.ds;
  }
}
