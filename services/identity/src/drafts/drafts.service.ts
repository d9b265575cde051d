import { Injectable, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DRAFT_MAX_BYTES, DRAFT_MSG, type Draft as DraftDto } from '@brokerage/contracts';
import { Draft } from './draft.entity.js';
import { z } from 'zod';
import { firstRow, sqlColumn } from '@brokerage/nest-common';

const draftRow = z.object({ key: z.string(), data: z.record(z.string(), z.unknown()), updated_at: sqlColumn.time }).describe('draftRow');

/**
 * The caller's drafts: every read and write is keyed by the caller's own id, so nobody reaches another user's draft
 * (it is simply not there: 404). A draft holds at most DRAFT_MAX_BYTES of JSON (413 with DRAFT_MSG.tooLarge).
 */
@Injectable()
export class DraftsService {
  constructor(private readonly ds: DataSource) {}

  private get drafts() {
    return this.ds.getRepository(Draft);
  }

  async get(userId: string, key: string): Promise<DraftDto> {
    const row = await this.drafts.findOneBy({ userId, key });
    if (!row) throw new NotFoundException(DRAFT_MSG.notFound);
    return view(row);
  }

  async put(userId: string, key: string, data: Record<string, unknown>): Promise<DraftDto> {
    if (Buffer.byteLength(JSON.stringify(data), 'utf8') > DRAFT_MAX_BYTES) throw new PayloadTooLargeException(DRAFT_MSG.tooLarge);
    const row = firstRow(
      draftRow,
      await this.drafts.query(
      `INSERT INTO identity.drafts (user_id, key, data, updated_at) VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (user_id, key) DO UPDATE SET data = EXCLUDED.data, updated_at = now()
       RETURNING key, data, updated_at`,
        [userId, key, JSON.stringify(data)],
      ),
    );
    return { key: row!.key, data: row!.data, updatedAt: row!.updated_at.toISOString() };
  }

  /** Idempotent: a draft already gone is discarded too. */
  async discard(userId: string, key: string): Promise<{ message: string }> {
    await this.drafts.delete({ userId, key });
    return { message: DRAFT_MSG.discarded };
  }
}

const view = (row: Draft): DraftDto => ({ key: row.key, data: row.data, updatedAt: row.updatedAt.toISOString() });
