import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '@brokerage/nest-common';
import { PreCloseChecklistService } from './pre-close-checklist.service.js';

/** Spec part 2 §7: GET /broker/listings/:listingId/pre-close-checklist (brokers see every listing). */
@ApiTags('checklist')
@Controller('broker/listings/:listingId/pre-close-checklist')
@Roles('BROKER')
export class BrokerChecklistController {
  constructor(private readonly checklists: PreCloseChecklistService) {}

  @Get()
  get(@Param('listingId') listingId: string) {
    return this.checklists.get(listingId);
  }
}
