import { Controller, Get, HttpCode, Param, Post, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { IdentityClaims, StaffProgressView, StaffStepChangeResponse } from '@brokerage/contracts';
import { BuyerListingParams, ProgressListingParams, StaffStepParams } from './dto/journey.dto.js';
import { StaffProgressService } from './staff-progress.service.js';

/**
 * Spec part 3 §7 "Progress monitoring" under /broker and /agent (the agent's scoped to assigned listings), plus the
 * staff's complete / reopen of a client's step (defined here; documented in docs/CONVENTIONS.md "Journeys").
 */
function staffJourneyController(prefix: 'broker' | 'agent'): Type {
  @ApiTags(prefix)
  @Controller(prefix)
  @Roles(prefix === 'broker' ? 'BROKER' : 'AGENT')
  class StaffJourneyController {
    constructor(readonly staff: StaffProgressService) {}

    @Get('listings/:id/progress')
    sellerProgress(@CurrentUser() user: IdentityClaims, @Param() p: ProgressListingParams): Promise<StaffProgressView> {
      return this.staff.sellerView(user, p.id);
    }

    @Get('buyers/:buyerId/listings/:listingId/progress')
    buyerProgress(@CurrentUser() user: IdentityClaims, @Param() p: BuyerListingParams): Promise<StaffProgressView> {
      return this.staff.buyerView(user, p.buyerId, p.listingId);
    }

    @Post('sellers/:userId/listings/:listingId/steps/:stepId/complete')
    @HttpCode(200)
    completeSeller(@CurrentUser() user: IdentityClaims, @Param() p: StaffStepParams): Promise<StaffStepChangeResponse> {
      return this.staff.change(user, 'SELLER', p.userId, p.listingId, p.stepId, 'complete');
    }

    @Post('sellers/:userId/listings/:listingId/steps/:stepId/reopen')
    @HttpCode(200)
    reopenSeller(@CurrentUser() user: IdentityClaims, @Param() p: StaffStepParams): Promise<StaffStepChangeResponse> {
      return this.staff.change(user, 'SELLER', p.userId, p.listingId, p.stepId, 'reopen');
    }

    @Post('buyers/:userId/listings/:listingId/steps/:stepId/complete')
    @HttpCode(200)
    completeBuyer(@CurrentUser() user: IdentityClaims, @Param() p: StaffStepParams): Promise<StaffStepChangeResponse> {
      return this.staff.change(user, 'BUYER', p.userId, p.listingId, p.stepId, 'complete');
    }

    @Post('buyers/:userId/listings/:listingId/steps/:stepId/reopen')
    @HttpCode(200)
    reopenBuyer(@CurrentUser() user: IdentityClaims, @Param() p: StaffStepParams): Promise<StaffStepChangeResponse> {
      return this.staff.change(user, 'BUYER', p.userId, p.listingId, p.stepId, 'reopen');
    }
  }
  Object.defineProperty(StaffJourneyController, 'name', { value: `${prefix === 'broker' ? 'Broker' : 'Agent'}JourneyController` });
  return StaffJourneyController;
}

export const BrokerJourneyController = staffJourneyController('broker');
export const AgentJourneyController = staffJourneyController('agent');
