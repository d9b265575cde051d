import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '@brokerage/nest-common';
import type { ListingAccessResponse, ListingPartiesResponse, UserRelationsResponse } from '@brokerage/contracts';
import { ListingAccessQuery, ListingIdParams, PartiesQuery, UserIdParams } from './dto/listing.dto.js';
import { ListingsService } from './listings.service.js';

/** For other services: who takes part in a listing, may a user act on it, whom a user deals with. */
@ApiTags('internal')
@Controller('internal')
@Roles('SERVICE')
export class InternalPartiesController {
  constructor(private readonly listings: ListingsService) {}

  @Get('listings/:id/parties')
  parties(@Param() p: ListingIdParams, @Query() q: PartiesQuery): Promise<ListingPartiesResponse> {
    return this.listings.parties(p.id, q.userId);
  }

  @Get('listings/:id/access')
  access(@Param() p: ListingIdParams, @Query() q: ListingAccessQuery): Promise<ListingAccessResponse> {
    return this.listings.access(p.id, q);
  }

  @Get('relations/:userId')
  relations(@Param() p: UserIdParams): Promise<UserRelationsResponse> {
    return this.listings.relations(p.userId);
  }
}
