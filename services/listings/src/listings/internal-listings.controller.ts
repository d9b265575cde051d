import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '@brokerage/nest-common';
import { ListingsService } from './listings.service.js';
import { InternalListingParams } from './dto/internal-listing.dto.js';

/** For other services: GET /internal/listings/:id → {listing} (404 when unknown). */
@ApiTags('internal')
@Controller('internal/listings')
@Roles('SERVICE')
export class InternalListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Get(':id')
  get(@Param() params: InternalListingParams) {
    return this.listings.getForService(params.id);
  }
}
