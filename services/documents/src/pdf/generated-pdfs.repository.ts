import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GeneratedPdf } from './generated-pdf.entity.js';
import type { PdfJobData } from './pdf-job.js';

@Injectable()
export class GeneratedPdfsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findByKey(jobKey: string): Promise<GeneratedPdf | null> {
    return this.ds.getRepository(GeneratedPdf).findOneBy({ jobKey });
  }

  /** Inserts a PENDING row unless the key exists; returns the row either way. */
  async ensurePending(data: PdfJobData): Promise<GeneratedPdf> {
    await this.ds.query(
      `INSERT INTO documents.generated_pdfs (job_key, title, payload) VALUES ($1, $2, $3) ON CONFLICT (job_key) DO NOTHING`,
      [data.key, data.title, JSON.stringify(data)],
    );
    const jobKey = data.key;
    return (await this.findByKey(jobKey))!;
  }

  async markAttempt(data: PdfJobData): Promise<void> {
    await this.ds.query(
      `INSERT INTO documents.generated_pdfs (job_key, title, payload, attempts) VALUES ($1, $2, $3, 1)
       ON CONFLICT (job_key) DO UPDATE SET attempts = documents.generated_pdfs.attempts + 1`,
      [data.key, data.title, JSON.stringify(data)],
    );
  }

  async markReady(jobKey: string, storageKey: string, sizeBytes: number): Promise<void> {
    await this.ds.query(
      `UPDATE documents.generated_pdfs SET status = 'READY', storage_key = $2, size_bytes = $3, completed_at = now()
       WHERE job_key = $1`,
      [jobKey, storageKey, sizeBytes],
    );
  }

  /** The PDF as a document of its listing (category GENERATED); one row per storage key. */
  async fileDocument(d: NonNullable<PdfJobData['document']>, storageKey: string, pdf: Buffer): Promise<void> {
    const buyer = d.ownerRole === 'BUYER' ? d.ownerId : null;
    await this.ds.query(
      `INSERT INTO documents.documents (listing_id, owner_id, category, type, audience, buyer_id, file_name, content_type, size_bytes,
         sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name)
       VALUES ($1, $2, 'GENERATED', $3, $4, $5, $6, 'application/pdf', $7, $8, $9, $2, $10, $11)
       ON CONFLICT (storage_key) DO UPDATE SET size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256`,
      [d.listingId, d.ownerId, d.type, buyer ? 'BUYER' : 'SELLER', buyer, d.fileName, pdf.length,
        createHash('sha256').update(pdf).digest('hex'), storageKey, d.ownerRole, d.ownerName],
    );
  }

  async documentIdOf(storageKey: string): Promise<string | null> {
    const [row] = await this.ds.query(`SELECT id FROM documents.documents WHERE storage_key = $1`, [storageKey]);
    return (row as { id: string } | undefined)?.id ?? null;
  }

  async markFailed(jobKey: string): Promise<void> {
    await this.ds.query(`UPDATE documents.generated_pdfs SET status = 'FAILED' WHERE job_key = $1 AND status <> 'READY'`, [jobKey]);
  }

  /** Requests still PENDING after `seconds` (enqueue lost in a crash, or the queue was flushed): their payloads. */
  async pendingOlderThan(seconds: number, limit = 100): Promise<PdfJobData[]> {
    const rows: { payload: PdfJobData }[] = await this.ds.query(
      `SELECT payload FROM documents.generated_pdfs
       WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [seconds, limit],
    );
    return rows.map((r) => r.payload);
  }
}
