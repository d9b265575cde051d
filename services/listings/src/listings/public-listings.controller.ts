import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiZodResponse, Public } from '@brokerage/nest-common';
import { availableListingsResponseSchema, type AvailableListingsResponse } from '@brokerage/contracts';
import { ListingsService } from './listings.service.js';

/** Spec part 1 §7: GET /auth/available-listings → {listings: [{id, title, price}]} (ACTIVE only). */
@ApiTags('public')
@Controller('auth')
export class PublicListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Get('available-listings')
  @Public()
  @ApiZodResponse(200, availableListingsResponseSchema)
  available(): Promise<AvailableListingsResponse> {
    return this.listings.availableListings();
  }
}
