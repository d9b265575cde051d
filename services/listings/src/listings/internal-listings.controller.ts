import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InternalCallers } from '@brokerage/nest-common';
import { ListingsService } from './listings.service.js';
import { InternalListingParams } from './dto/internal-listing.dto.js';

/** For other services: GET /internal/listings/:id → {listing} (404 when unknown). */
@ApiTags('internal')
@Controller('internal/listings')
@InternalCallers('documents', 'messaging', 'checklists') // no caller today: the listing-data services
export class InternalListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Get(':id')
  get(@Param() params: InternalListingParams) {
    return this.listings.getForService(params.id);
  }
}
