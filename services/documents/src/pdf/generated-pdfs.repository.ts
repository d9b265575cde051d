import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GeneratedPdf } from './generated-pdf.entity.js';
import { pdfJobSchema, type PdfJobData } from './pdf-job.js';
import { z } from 'zod';
import { PDF_JOB_STATUSES } from '@brokerage/contracts';
import { changedCount, firstRow, rows } from '@brokerage/nest-common';

const claimedRow = z.object({ status: z.enum(PDF_JOB_STATUSES), storage_key: z.string().nullable() }).describe('claimedPdfRow');
const idRow = z.object({ id: z.string() }).describe('generatedDocumentIdRow');
const payloadRow = z.object({ payload: pdfJobSchema }).describe('pendingPdfRow');

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

  /**
   * Claims a delivery of the job: its attempts counted, unless it is READY already (a duplicate delivery counts
   * nothing). Answers the row's status and storage key. The row exists for every job the API enqueued (it is recorded
   * first), so the payload is sent only for a job queued without one.
   */
  async claim(data: PdfJobData): Promise<{ status: GeneratedPdf['status']; storageKey: string | null }> {
    // TypeORM answers an UPDATE … RETURNING as [rows, affected]
    const res = await this.ds.query(
      `UPDATE documents.generated_pdfs SET attempts = attempts + CASE WHEN status = 'READY' THEN 0 ELSE 1 END
       WHERE job_key = $1 RETURNING status, storage_key`,
      [data.key],
    );
    changedCount(res);
    const updated = rows(claimedRow, res[0]);
    const [row] = updated.length ? updated : rows(claimedRow, await this.ds.query(
      `INSERT INTO documents.generated_pdfs (job_key, title, payload, attempts) VALUES ($1, $2, $3, 1)
       ON CONFLICT (job_key) DO UPDATE SET attempts = documents.generated_pdfs.attempts
         + CASE WHEN documents.generated_pdfs.status = 'READY' THEN 0 ELSE 1 END
       RETURNING status, storage_key`,
      [data.key, data.title, JSON.stringify(data)],
    ));
    return { status: row!.status, storageKey: row!.storage_key };
  }

  /** One more attempt on a READY row whose object is gone (it is rendered again). */
  async countAttempt(jobKey: string): Promise<void> {
    await this.ds.query(`UPDATE documents.generated_pdfs SET attempts = attempts + 1 WHERE job_key = $1`, [jobKey]);
  }

  /**
   * The stored PDF made READY and, when the job files it, its document row (category GENERATED, one per storage key)
   * written in the same statement: both or neither. A crash before it re-renders into the same object and row.
   */
  async markReady(jobKey: string, storageKey: string, pdf: Buffer, d?: PdfJobData['document']): Promise<void> {
    const ready = `UPDATE documents.generated_pdfs SET status = 'READY', storage_key = $2, size_bytes = $3, completed_at = now()
       WHERE job_key = $1`;
    if (!d) {
      await this.ds.query(ready, [jobKey, storageKey, pdf.length]);
      return;
    }
    const buyer = d.ownerRole === 'BUYER' ? d.ownerId : null;
    await this.ds.query(
      `WITH filed AS (
         INSERT INTO documents.documents (listing_id, owner_id, category, type, audience, buyer_id, file_name, content_type,
           size_bytes, sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name)
         VALUES ($4, $5, 'GENERATED', $6, $7, $8, $9, 'application/pdf', $3, $10, $2, $5, $11, $12)
         ON CONFLICT (storage_key) DO UPDATE SET size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256
       )
       ${ready}`,
      [jobKey, storageKey, pdf.length, d.listingId, d.ownerId, d.type, buyer ? 'BUYER' : 'SELLER', buyer, d.fileName,
        createHash('sha256').update(pdf).digest('hex'), d.ownerRole, d.ownerName],
    );
  }

  async documentIdOf(storageKey: string): Promise<string | null> {
    return firstRow(idRow, await this.ds.query(`SELECT id FROM documents.documents WHERE storage_key = $1`, [storageKey]))?.id ?? null;
  }

  async markFailed(jobKey: string): Promise<void> {
    await this.ds.query(`UPDATE documents.generated_pdfs SET status = 'FAILED' WHERE job_key = $1 AND status <> 'READY'`, [jobKey]);
  }

  /** Requests still PENDING after `seconds` (enqueue lost in a crash, or the queue was flushed): their payloads. */
  async pendingOlderThan(seconds: number, limit = 100): Promise<PdfJobData[]> {
    const res = await this.ds.query(
      `SELECT payload FROM documents.generated_pdfs
       WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [seconds, limit],
    );
    return rows(payloadRow, res).map((r) => r.payload);
  }
}
