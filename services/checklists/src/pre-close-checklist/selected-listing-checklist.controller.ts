import { Body, Controller, Get, Put, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { checklistResponseSchema, type ChecklistResponse, type IdentityClaims } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { PreCloseChecklistService } from './pre-close-checklist.service.js';
import { ChecklistItemBody } from './dto/pre-close-checklist.dto.js';

/** Spec part 2 §7 (legacy): GET|PUT /seller|buyer/pre-close-checklist — the checklist of the caller's selected listing. */
function selectedListingChecklistController(role: 'SELLER' | 'BUYER'): Type {
  @ApiTags('checklist')
  @Controller(`${role.toLowerCase()}/pre-close-checklist`)
  @Roles(role)
  class SelectedListingChecklistController {
    constructor(readonly checklists: PreCloseChecklistService) {}

    @Get()
    @ApiZodResponse(200, checklistResponseSchema)
    get(@CurrentUser() user: IdentityClaims): Promise<ChecklistResponse> {
      return this.checklists.get(user, 'selected');
    }

    @Put()
    @ApiZodResponse(200, checklistResponseSchema)
    toggle(@Body() body: ChecklistItemBody, @CurrentUser() user: IdentityClaims): Promise<ChecklistResponse> {
      return this.checklists.toggle(user, 'selected', body);
    }
  }
  Object.defineProperty(SelectedListingChecklistController, 'name', { value: `${role[0]}${role.slice(1).toLowerCase()}SelectedListingChecklistController` });
  return SelectedListingChecklistController;
}

export const SELECTED_LISTING_CHECKLIST_CONTROLLERS = [selectedListingChecklistController('SELLER'), selectedListingChecklistController('BUYER')];
