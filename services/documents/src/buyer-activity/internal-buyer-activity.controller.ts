import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { internalDocumentActivitySchema, type InternalDocumentActivity } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { EngagementQueue } from '../engagement/engagement-queue.js';
import { BuyerActivityRepository } from './buyer-activity.repository.js';
import { ActivityListingParams } from './dto/buyer-activity.dto.js';

/** Internal (listings' seller Buyer Activity): what the buyers of a listing did with its documents. */
@ApiTags('internal')
@Controller('internal/listings')
@InternalCallers('listings')
export class InternalBuyerActivityController {
  constructor(
    private readonly repo: BuyerActivityRepository,
    private readonly engagement: EngagementQueue,
  ) {}

  @Get(':listingId/buyer-activity')
  @ApiZodResponse(200, internalDocumentActivitySchema)
  async get(@Param() p: ActivityListingParams): Promise<InternalDocumentActivity> {
    await this.engagement.flushForRead(); // the viewer's reports answered so far count as views
    return { listingId: p.listingId, users: await this.repo.forListing(p.listingId) };
  }
}
