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
import { REDIS_CLIENT } from '@brokerage/nest-common';
import { PreCloseChecklistRepository } from './pre-close-checklist.repository.js';

/** The checklist of a listing the caller is a party of (the controllers check that first). */
@Injectable()
export class PreCloseChecklistService {
  private readonly logger = new Logger(PreCloseChecklistService.name);

  constructor(
    private readonly repo: PreCloseChecklistRepository,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  /** The listing's checklist, made from the spec's content on first use. */
  async get(listingId: string): Promise<ChecklistResponse> {
    const stored = await this.repo.read(listingId);
    if (stored) return stored;
    await this.repo.ensure(listingId);
    return (await this.repo.read(listingId))!;
  }

  /** Flips one item for the caller (any party may tick any item), then tells the listing's live channel. */
  async toggle(listingId: string, body: ChecklistItemBody, user: IdentityClaims): Promise<ChecklistResponse> {
    const by = { id: user.sub, name: user.name, role: user.role };
    let flip = await this.repo.flip(listingId, body.categoryId, body.itemId, by);
    if (!flip) {
      await this.repo.ensure(listingId);
      flip = await this.repo.flip(listingId, body.categoryId, body.itemId, by);
    }
    if (!flip) throw new NotFoundException(CHECKLIST_MSG.itemNotFound);
    const event: ChecklistChangedEvent = { type: CHECKLIST_CHANGED, listingId, ...flip, by };
    // The tick is committed: a Redis hiccup must not turn it into an error (the next load shows it anyway).
    await this.redis.publish(listingEventsChannel(listingId), JSON.stringify(event)).catch((err: Error) => {
      this.logger.warn(`checklist.changed not published for ${listingId}: ${err.message}`);
    });
    return (await this.repo.read(listingId))!;
  }

  history(listingId: string): Promise<ChecklistHistoryResponse> {
    return this.repo.history(listingId);
  }
}
