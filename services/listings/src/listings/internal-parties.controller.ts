import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InternalCallers } from '@brokerage/nest-common';
import type { ListingAccessResponse, ListingPartiesResponse, UserRelationsResponse } from '@brokerage/contracts';
import { ListingAccessQuery, ListingIdParams, PartiesQuery, UserIdParams } from './dto/listing.dto.js';
import { ListingsService } from './listings.service.js';

/** For other services: who takes part in a listing, may a user act on it, whom a user deals with. */
@ApiTags('internal')
@Controller('internal')
export class InternalPartiesController {
  constructor(private readonly listings: ListingsService) {}

  @Get('listings/:id/parties')
  @InternalCallers('documents', 'messaging', 'checklists')
  parties(@Param() p: ListingIdParams, @Query() q: PartiesQuery): Promise<ListingPartiesResponse> {
    return this.listings.parties(p.id, q.userId);
  }

  /** No caller today (documents, messaging and checklists ask for the parties): kept for them. */
  @Get('listings/:id/access')
  @InternalCallers('documents', 'messaging', 'checklists')
  access(@Param() p: ListingIdParams, @Query() q: ListingAccessQuery): Promise<ListingAccessResponse> {
    return this.listings.access(p.id, q);
  }

  @Get('relations/:userId')
  @InternalCallers('identity')
  relations(@Param() p: UserIdParams): Promise<UserRelationsResponse> {
    return this.listings.relations(p.userId);
  }
}
