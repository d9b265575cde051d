import { Body, Controller, Get, HttpCode, Post, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { BuyerListing, CurrentListingResponse, IdentityClaims, Listing, Progress, SelectListingResponse, StepChangeResponse } from '@brokerage/contracts';
import { SelectListingBody, StepIdBody, UpdateStepBody } from './dto/journey.dto.js';
import { JourneysService } from './journeys.service.js';

/** Spec part 2 §7: the same selection and progress calls under /seller and /buyer, each for its own role. */
function clientJourneyController(prefix: 'seller' | 'buyer'): Type {
  @ApiTags(prefix)
  @Controller(prefix)
  @Roles(prefix === 'seller' ? 'SELLER' : 'BUYER')
  class ClientJourneyController {
    constructor(readonly journeys: JourneysService) {}

    @Get('progress')
    progress(@CurrentUser() user: IdentityClaims): Promise<Progress> {
      return this.journeys.progress(user);
    }

    @Get('current-listing')
    current(@CurrentUser() user: IdentityClaims): Promise<CurrentListingResponse<Listing | BuyerListing>> {
      return this.journeys.current(user);
    }

    @Post('select-listing')
    @HttpCode(200)
    select(@CurrentUser() user: IdentityClaims, @Body() body: SelectListingBody): Promise<SelectListingResponse<Listing | BuyerListing>> {
      return this.journeys.select(user, body.listingId);
    }

    @Post('mark-step-completed')
    @HttpCode(200)
    complete(@CurrentUser() user: IdentityClaims, @Body() body: StepIdBody): Promise<StepChangeResponse> {
      return this.journeys.clientComplete(user, body.stepId);
    }

    @Post('mark-step-incomplete')
    @HttpCode(200)
    reopen(@CurrentUser() user: IdentityClaims, @Body() body: StepIdBody): Promise<StepChangeResponse> {
      return this.journeys.clientReopen(user, body.stepId);
    }

    /** {stepId, completed = true}: the spec's "step update with a completion flag". */
    @Post('update-step')
    @HttpCode(200)
    update(@CurrentUser() user: IdentityClaims, @Body() body: UpdateStepBody): Promise<StepChangeResponse> {
      return body.completed ? this.journeys.clientComplete(user, body.stepId) : this.journeys.clientReopen(user, body.stepId);
    }
  }
  Object.defineProperty(ClientJourneyController, 'name', { value: `${prefix === 'seller' ? 'Seller' : 'Buyer'}JourneyController` });
  return ClientJourneyController;
}

export const SellerJourneyController = clientJourneyController('seller');
export const BuyerJourneyController = clientJourneyController('buyer');
