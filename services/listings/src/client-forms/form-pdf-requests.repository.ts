import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PdfJobRequest } from '@brokerage/contracts';
import type { FormKind } from './client-forms.repository.js';

export interface FormPdfRequest {
  id: string;
  payload: PdfJobRequest;
}

/** listings.form_pdf_requests: the PDF of each submission, kept until documents has taken the request (outbox). */
@Injectable()
export class FormPdfRequestsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  get dataSource(): DataSource {
    return this.ds;
  }

  /** In the submit's transaction: the request, and the form marked as having asked for its PDF. */
  async add(em: EntityManager, r: { id: string; userId: string; listingId: string; kind: FormKind; payload: PdfJobRequest }): Promise<void> {
    await em.query(
      `INSERT INTO listings.form_pdf_requests (id, user_id, listing_id, kind, payload) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [r.id, r.userId, r.listingId, r.kind, JSON.stringify(r.payload)],
    );
    await em.query(`UPDATE listings.client_forms SET pdf_requested = true WHERE user_id = $1 AND listing_id = $2 AND kind = $3`, [
      r.userId, r.listingId, r.kind,
    ]);
  }

  async listingTitle(em: EntityManager, listingId: string): Promise<string> {
    const rows: { title: string }[] = await em.query(`SELECT title FROM listings.listings WHERE id = $1`, [listingId]);
    return rows[0]?.title ?? '';
  }

  /** Unsent requests, oldest first; other replicas skip them until this transaction ends. */
  claimUnsent(em: EntityManager, limit: number): Promise<FormPdfRequest[]> {
    return em.query(
      `SELECT id, payload FROM listings.form_pdf_requests WHERE sent_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markSent(em: EntityManager, id: string, note: string | null = null): Promise<void> {
    await em.query(`UPDATE listings.form_pdf_requests SET sent_at = now(), attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, note]);
  }

  async markFailed(em: EntityManager, id: string, error: string): Promise<void> {
    await em.query(`UPDATE listings.form_pdf_requests SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 1000)]);
  }
}
