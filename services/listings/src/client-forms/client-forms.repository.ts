import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { firstRow, sqlColumn } from '@brokerage/nest-common';

const formRow = z
  .object({ data: z.unknown(), saved_at: sqlColumn.time, submitted_at: sqlColumn.time.nullable(), evidence: z.unknown().nullable(), pdf_requested: z.boolean() })
  .describe('clientFormRow');

export type FormKind = 'QUESTIONNAIRE' | 'NDA' | 'FINANCIAL_STATEMENT';

export interface StoredForm<T, E = unknown> {
  data: T;
  savedAt: Date;
  submittedAt: Date | null;
  evidence: E | null;
  pdfRequested: boolean;
}

interface Key {
  userId: string;
  listingId: string;
  kind: FormKind;
}

/** listings.client_forms: one row per (user, listing, kind); the answers as jsonb (validated by the contracts schemas). */
@Injectable()
export class ClientFormsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  async find<T, E>(k: Key): Promise<StoredForm<T, E> | null> {
    const res = await this.ds.query(
      `SELECT data, saved_at, submitted_at, evidence, pdf_requested FROM listings.client_forms WHERE user_id = $1 AND listing_id = $2 AND kind = $3`,
      [k.userId, k.listingId, k.kind],
    );
    const r = firstRow(formRow, res);
    // the answers and evidence are the form's own shapes (T, E), validated by the contracts schemas when written
    return r ? { data: r.data as T, savedAt: r.saved_at, submittedAt: r.submitted_at, evidence: r.evidence as E | null, pdfRequested: r.pdf_requested } : null;
  }

  /** A draft: the answers change, an earlier submission (and its evidence) stays recorded. */
  async saveDraft(k: Key, data: unknown): Promise<void> {
    await this.ds.query(
      `INSERT INTO listings.client_forms (user_id, listing_id, kind, data) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (user_id, listing_id, kind) DO UPDATE SET data = EXCLUDED.data, saved_at = now()`,
      [k.userId, k.listingId, k.kind, JSON.stringify(data)],
    );
  }

  async submit(em: EntityManager, k: Key, data: unknown, evidence: unknown | null): Promise<void> {
    await em.query(
      `INSERT INTO listings.client_forms (user_id, listing_id, kind, data, submitted_at, evidence) VALUES ($1, $2, $3, $4::jsonb, now(), $5::jsonb)
       ON CONFLICT (user_id, listing_id, kind) DO UPDATE SET data = EXCLUDED.data, saved_at = now(), submitted_at = now(), evidence = EXCLUDED.evidence`,
      [k.userId, k.listingId, k.kind, JSON.stringify(data), evidence === null ? null : JSON.stringify(evidence)],
    );
  }
}
