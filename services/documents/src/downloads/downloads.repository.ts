import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOCUMENT_TYPES, DOWNLOAD_VIA, type DownloadRecord, type DownloadVia } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const downloadRow = z
  .object({
    id: z.string(),
    document_id: z.string(),
    listing_id: z.string(),
    file_name: z.string(),
    document_type: z.enum(DOCUMENT_TYPES),
    user_id: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    user_role: z.string(),
    ip: z.string().nullable(),
    watermarked: z.boolean(),
    document_version: z.number(),
    via: z.enum(DOWNLOAD_VIA),
    downloaded_at: sqlColumn.time,
  })
  .describe('downloadRow');

export interface NewDownload {
  documentId: string;
  listingId: string;
  fileName: string;
  documentType: string;
  userId: string;
  userName: string;
  userEmail: string;
  userRole: string;
  ip: string | null;
  watermarked: boolean;
  /** The document's version (issue 23 §4; 1 when not given). */
  version?: number;
  /** How it was opened (issue 23 §3): 'file' a download or inline open (default), 'viewer' the in-portal viewer. */
  via?: DownloadVia;
}

/** documents.downloads: the audit trail of every download. */
@Injectable()
export class DownloadsRepository {
  constructor(private readonly ds: DataSource) {}

  async add(d: NewDownload): Promise<void> {
    await this.ds.query(
      `INSERT INTO documents.downloads (document_id, listing_id, file_name, document_type, user_id, user_name, user_email, user_role, ip, watermarked, document_version, via)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [d.documentId, d.listingId, d.fileName, d.documentType, d.userId, d.userName, d.userEmail, d.userRole, d.ip, d.watermarked, d.version ?? 1, d.via ?? 'file'],
    );
  }

  /** Newest first, for a listing or one document, optionally one person's. */
  async list(where: { listingId?: string; documentId?: string; userId?: string }, limit: number): Promise<DownloadRecord[]> {
    const res = await this.ds.query(
      `SELECT id, document_id, listing_id, file_name, document_type, user_id, user_name, user_email, user_role, ip, watermarked, document_version, via, downloaded_at
         FROM documents.downloads
        WHERE ($1::uuid IS NULL OR listing_id = $1) AND ($2::uuid IS NULL OR document_id = $2) AND ($3::uuid IS NULL OR user_id = $3)
        ORDER BY downloaded_at DESC, id LIMIT $4`,
      [where.listingId ?? null, where.documentId ?? null, where.userId ?? null, limit],
    );
    return rows(downloadRow, res).map((r) => ({
      id: r.id,
      documentId: r.document_id,
      fileName: r.file_name,
      documentType: r.document_type,
      listingId: r.listing_id,
      user: { id: r.user_id, name: r.user_name, email: r.user_email, role: r.user_role },
      ip: r.ip,
      watermarked: r.watermarked,
      version: r.document_version,
      via: r.via,
      downloadedAt: r.downloaded_at.toISOString(),
    }));
  }
}
