import { Body, Controller, Get, Param, Post, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import {
  offersResponseSchema,
  recordOfferResponseSchema,
  type IdentityClaims,
  type OffersResponse,
  type RecordOfferResponse,
} from '@brokerage/contracts';
import { OfferParams, RecordOfferBody } from './dto/offer.dto.js';
import { OffersService } from './offers.service.js';

/**
 * Defined (issue 11, not in the spec): the offers a broker or agent records on a buyer's progress view; they feed the
 * seller's Buyer Activity (status "Made an offer", offer amount, Offers Received, Highest Offer).
 */
function staffOffersController(prefix: 'broker' | 'agent'): Type {
  @ApiTags(prefix)
  @Controller(prefix)
  @Roles(prefix === 'broker' ? 'BROKER' : 'AGENT')
  class StaffOffersController {
    constructor(readonly offers: OffersService) {}

    @Get('buyers/:buyerId/listings/:listingId/offers')
    @ApiOperation({ summary: "Defined: the offers recorded for this buyer on this listing, newest first (agent: assigned listings)." })
    @ApiZodResponse(200, offersResponseSchema)
    list(@CurrentUser() user: IdentityClaims, @Param() p: OfferParams): Promise<OffersResponse> {
      return this.offers.list(user, p.buyerId, p.listingId);
    }

    @Post('buyers/:buyerId/listings/:listingId/offers')
    @ApiOperation({ summary: 'Defined: record an offer {amount, date (YYYY-MM-DD), note?} the buyer made on this listing.' })
    @ApiZodResponse(201, recordOfferResponseSchema)
    record(@CurrentUser() user: IdentityClaims, @Param() p: OfferParams, @Body() body: RecordOfferBody): Promise<RecordOfferResponse> {
      return this.offers.record(user, p.buyerId, p.listingId, body);
    }
  }
  Object.defineProperty(StaffOffersController, 'name', { value: `${prefix === 'broker' ? 'Broker' : 'Agent'}OffersController` });
  return StaffOffersController;
}

export const BrokerOffersController = staffOffersController('broker');
export const AgentOffersController = staffOffersController('agent');
