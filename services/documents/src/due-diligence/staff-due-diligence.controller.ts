import { Controller, Get, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { staffDueDiligenceViewSchema, type DueDiligenceUploadResponse, type IdentityClaims, type StaffDueDiligenceView } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DueDiligenceService } from './due-diligence.service.js';
import { DdBuyerListingParams, DdListingParams } from './dto/due-diligence.dto.js';
import { ApiDueDiligenceUpload } from './api-due-diligence-upload.js';

/** Spec part 3 §7: the staff side under /broker (every listing) and /agent (assigned listings; others 404). */
function staffDueDiligenceController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} due diligence`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class StaffDueDiligenceController {
    constructor(readonly dd: DueDiligenceService) {}

    @Get('buyers/:buyerId/listings/:listingId/due-diligence')
    @ApiOperation({ summary: "The buyer's table on the listing (as that buyer sees it) plus the seller's due-diligence files." })
    @ApiZodResponse(200, staffDueDiligenceViewSchema)
    view(@CurrentUser() user: IdentityClaims, @Param() p: DdBuyerListingParams): Promise<StaffDueDiligenceView> {
      return this.dd.staffView(user, p.listingId, p.buyerId);
    }

    /** A buyer or seller gets the spec's own 403 text from the guard (the route definition's deniedMessage). */
    @Post('listings/:listingId/due-diligence/upload')
    @ApiDueDiligenceUpload(['documentName', 'documentType', 'stepId', 'buyerId'], 'buyerId and documentName are required; a buyer or seller → 403 "Only brokers and agents can upload documents".')
    upload(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: DdListingParams): Promise<DueDiligenceUploadResponse> {
      return this.dd.staffUpload(req, user, area, p.listingId);
    }
  }
  Object.defineProperty(StaffDueDiligenceController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}DueDiligenceController` });
  return StaffDueDiligenceController;
}

export const BrokerDueDiligenceController = staffDueDiligenceController('broker');
export const AgentDueDiligenceController = staffDueDiligenceController('agent');
