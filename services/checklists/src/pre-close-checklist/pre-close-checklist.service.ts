import { BadRequestException, Injectable } from '@nestjs/common';
import { PreCloseChecklistRepository } from './pre-close-checklist.repository.js';
import type { ChecklistCategory, ChecklistEditor } from './pre-close-checklist.entity.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ChecklistResponse {
  /** null until someone edits it: the client then shows the built-in default checklist (spec part 2 §7). */
  checklist: ChecklistCategory[] | null;
  lastUpdatedBy: ChecklistEditor | null;
  updatedAt: string | null;
}

@Injectable()
export class PreCloseChecklistService {
  constructor(private readonly repo: PreCloseChecklistRepository) {}

  async get(listingId: string): Promise<ChecklistResponse> {
    if (!UUID_PATTERN.test(listingId)) throw new BadRequestException('Invalid listing id');
    const row = await this.repo.findByListing(listingId.toLowerCase());
    if (!row) return { checklist: null, lastUpdatedBy: null, updatedAt: null };
    return { checklist: row.checklist, lastUpdatedBy: row.lastUpdatedBy, updatedAt: row.updatedAt.toISOString() };
  }
}
