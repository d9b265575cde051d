import { Body, Controller, Get, Param, Put, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  checklistHistoryResponseSchema,
  checklistResponseSchema,
  type ChecklistHistoryResponse,
  type ChecklistResponse,
  type IdentityClaims,
  type Role,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { PreCloseChecklistService } from './pre-close-checklist.service.js';
import { ChecklistItemBody, ChecklistListingParams } from './dto/pre-close-checklist.dto.js';

/**
 * Spec part 2 §7, part 3 §7: {seller|buyer|broker|agent}/listings/:listingId/pre-close-checklist — the prefix is the
 * caller's role (another role: 403); the service checks the journey's rule (not a party 404, a buyer before the NDA or
 * a client ticking before step 8: 409). PUT on the bare path and on /item flip the same way.
 */
function listingChecklistController(role: Role): Type {
  @ApiTags('checklist')
  @Controller(`${role.toLowerCase()}/listings/:listingId/pre-close-checklist`)
  @Roles(role)
  class ListingChecklistController {
    constructor(readonly checklists: PreCloseChecklistService) {}

    @Get()
    @ApiZodResponse(200, checklistResponseSchema)
    get(@Param() p: ChecklistListingParams, @CurrentUser() user: IdentityClaims): Promise<ChecklistResponse> {
      return this.checklists.get(user, { listingId: p.listingId });
    }

    @Put(['', 'item'])
    @ApiZodResponse(200, checklistResponseSchema)
    toggle(@Param() p: ChecklistListingParams, @Body() body: ChecklistItemBody, @CurrentUser() user: IdentityClaims): Promise<ChecklistResponse> {
      return this.checklists.toggle(user, { listingId: p.listingId }, body);
    }
  }
  Object.defineProperty(ListingChecklistController, 'name', { value: `${role[0]}${role.slice(1).toLowerCase()}ListingChecklistController` });
  return ListingChecklistController;
}

/** GET /broker|agent/listings/:listingId/pre-close-checklist/history: every flip (who, when), for the staff. */
function checklistHistoryController(role: 'BROKER' | 'AGENT'): Type {
  @ApiTags('checklist')
  @Controller(`${role.toLowerCase()}/listings/:listingId/pre-close-checklist/history`)
  @Roles(role)
  class ChecklistHistoryController {
    constructor(readonly checklists: PreCloseChecklistService) {}

    @Get()
    @ApiZodResponse(200, checklistHistoryResponseSchema)
    history(@Param() p: ChecklistListingParams, @CurrentUser() user: IdentityClaims): Promise<ChecklistHistoryResponse> {
      return this.checklists.history(user, p.listingId);
    }
  }
  Object.defineProperty(ChecklistHistoryController, 'name', { value: `${role[0]}${role.slice(1).toLowerCase()}ChecklistHistoryController` });
  return ChecklistHistoryController;
}

export const LISTING_CHECKLIST_CONTROLLERS = [
  checklistHistoryController('BROKER'),
  checklistHistoryController('AGENT'),
  ...(['SELLER', 'BUYER', 'BROKER', 'AGENT'] as const).map(listingChecklistController),
];
