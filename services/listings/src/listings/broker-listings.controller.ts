import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { IdentityClaims, ListingMutationResponse, ListingResponse, ListingsResponse } from '@brokerage/contracts';
import { CreateListingBody, ListingIdParams, ListingsQuery, UpdateListingBody } from './dto/listing.dto.js';
import { ListingAdminService } from './listing-admin.service.js';
import { ListingsService } from './listings.service.js';

/** Spec part 3 §7 Broker: the Listings Overview. GET is paged (listingsQuerySchema). */
@ApiTags('broker')
@Controller('broker/listings')
@Roles('BROKER')
export class BrokerListingsController {
  constructor(
    private readonly listings: ListingsService,
    private readonly admin: ListingAdminService,
  ) {}

  @Get()
  list(@CurrentUser() user: IdentityClaims, @Query() q: ListingsQuery): Promise<ListingsResponse> {
    return this.listings.listPaged(user, q);
  }

  @Post()
  create(@Body() body: CreateListingBody): Promise<ListingMutationResponse> {
    return this.admin.create(body);
  }

  @Get(':id')
  get(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams): Promise<ListingResponse> {
    return this.listings.get(user, p.id);
  }

  @Put(':id')
  update(@Param() p: ListingIdParams, @Body() body: UpdateListingBody): Promise<ListingMutationResponse> {
    return this.admin.update(p.id, body);
  }

  @Patch(':id/archive')
  archive(@Param() p: ListingIdParams): Promise<ListingMutationResponse> {
    return this.admin.archive(p.id);
  }

  @Patch(':id/reactivate')
  reactivate(@Param() p: ListingIdParams): Promise<ListingMutationResponse> {
    return this.admin.reactivate(p.id);
  }

  @Delete(':id')
  remove(@Param() p: ListingIdParams): Promise<{ message: string }> {
    return this.admin.delete(p.id);
  }
}

/** The agent's read-only mirror: listings assigned to them (spec part 3 §2 My Assigned Listings). */
@ApiTags('agent')
@Controller('agent/listings')
@Roles('AGENT')
export class AgentListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Get()
  list(@CurrentUser() user: IdentityClaims, @Query() q: ListingsQuery): Promise<ListingsResponse> {
    return this.listings.listPaged(user, q);
  }

  @Get(':id')
  get(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams): Promise<ListingResponse> {
    return this.listings.get(user, p.id);
  }
}
