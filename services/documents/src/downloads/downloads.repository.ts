import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DownloadRecord } from '@brokerage/contracts';

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
}

/** documents.downloads: the audit trail of every download. */
@Injectable()
export class DownloadsRepository {
  constructor(private readonly ds: DataSource) {}

  async add(d: NewDownload): Promise<void> {
    await this.ds.query(
      `INSERT INTO documents.downloads (document_id, listing_id, file_name, document_type, user_id, user_name, user_email, user_role, ip, watermarked)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [d.documentId, d.listingId, d.fileName, d.documentType, d.userId, d.userName, d.userEmail, d.userRole, d.ip, d.watermarked],
    );
  }

  /** Newest first, for a listing or one document, optionally one person's. */
  async list(where: { listingId?: string; documentId?: string; userId?: string }, limit: number): Promise<DownloadRecord[]> {
    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `SELECT id, document_id, listing_id, file_name, document_type, user_id, user_name, user_email, user_role, ip, watermarked, downloaded_at
         FROM documents.downloads
        WHERE ($1::uuid IS NULL OR listing_id = $1) AND ($2::uuid IS NULL OR document_id = $2) AND ($3::uuid IS NULL OR user_id = $3)
        ORDER BY downloaded_at DESC, id LIMIT $4`,
      [where.listingId ?? null, where.documentId ?? null, where.userId ?? null, limit],
    );
    return rows.map((r) => ({
      id: r.id as string,
      documentId: r.document_id as string,
      fileName: r.file_name as string,
      documentType: r.document_type as DownloadRecord['documentType'],
      listingId: r.listing_id as string,
      user: { id: r.user_id as string, name: r.user_name as string, email: r.user_email as string, role: r.user_role as string },
      ip: (r.ip as string | null) ?? null,
      watermarked: r.watermarked as boolean,
      downloadedAt: (r.downloaded_at as Date).toISOString(),
    }));
  }
}
