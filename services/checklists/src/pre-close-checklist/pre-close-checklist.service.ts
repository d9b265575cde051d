import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  CHECKLIST_CHANGED,
  CHECKLIST_MSG,
  listingEventsChannel,
  type ChecklistChangedEvent,
  type ChecklistHistoryResponse,
  type ChecklistItemBody,
  type ChecklistResponse,
  type IdentityClaims,
} from '@brokerage/contracts';
import { REDIS_CLIENT, afterCommit } from '@brokerage/nest-common';
import { CHECKLIST_STEP, ListingAccessService } from '../listings-access/listing-access.service.js';
import { PreCloseChecklistRepository } from './pre-close-checklist.repository.js';

/** Which listing a call is about: the path's, or (legacy /seller|buyer/pre-close-checklist) the caller's selected one. */
export type ChecklistListing = { listingId: string } | 'selected';

/**
 * The checklist of a listing, the journey's rule checked first in every method (ListingAccessService): reading needs a
 * party (a buyer: past their NDA), a tick is a write to step 8 (clients: step 8 reached); staff are not bound.
 */
@Injectable()
export class PreCloseChecklistService {
  private readonly logger = new Logger(PreCloseChecklistService.name);

  constructor(
    private readonly repo: PreCloseChecklistRepository,
    private readonly access: ListingAccessService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  private listingOf(user: IdentityClaims, where: ChecklistListing, need: { step?: number }): Promise<string> {
    return where === 'selected' ? this.access.selected(user, need) : this.access.require(user, where.listingId, need);
  }

  /** The listing's checklist, made from the spec's content on first use. */
  async get(user: IdentityClaims, where: ChecklistListing): Promise<ChecklistResponse> {
    const listingId = await this.listingOf(user, where, {});
    const stored = await this.repo.read(listingId);
    if (stored) return stored;
    await this.repo.ensure(listingId);
    return (await this.repo.read(listingId))!;
  }

  /** Flips one item for the caller (any party at step 8 may tick any item), then tells the listing's live channel. */
  async toggle(user: IdentityClaims, where: ChecklistListing, body: ChecklistItemBody): Promise<ChecklistResponse> {
    const listingId = await this.listingOf(user, where, { step: CHECKLIST_STEP });
    const by = { id: user.sub, name: user.name, role: user.role };
    let flip = await this.repo.flip(listingId, body.categoryId, body.itemId, by);
    if (!flip) {
      await this.repo.ensure(listingId);
      flip = await this.repo.flip(listingId, body.categoryId, body.itemId, by);
    }
    if (!flip) throw new NotFoundException(CHECKLIST_MSG.itemNotFound);
    const event: ChecklistChangedEvent = { type: CHECKLIST_CHANGED, listingId, ...flip, by };
    // The tick is committed: a Redis hiccup must not turn it into an error (the next load shows it anyway).
    await afterCommit(() => this.redis.publish(listingEventsChannel(listingId), JSON.stringify(event)).catch((err: Error) => {
      this.logger.warn(`checklist.changed not published for ${listingId}: ${err.message}`);
    }));
    return (await this.repo.read(listingId))!;
  }

  /** Every flip (staff routes). */
  async history(user: IdentityClaims, listingId: string): Promise<ChecklistHistoryResponse> {
    return this.repo.history(await this.access.require(user, listingId));
  }
}
