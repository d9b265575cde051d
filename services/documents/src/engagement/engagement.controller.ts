import { Body, Controller, Get, HttpCode, Param, Post, Res, type Type } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  engagementParamsSchema,
  engagementReportSchema,
  listingEngagementParamsSchema,
  listingEngagementSchema,
  myEngagementSchema,
  type IdentityClaims,
  type ListingEngagement,
  type MyEngagement,
} from '@brokerage/contracts';
import { ApiZodResponse, createZodDto, CurrentUser, Roles } from '@brokerage/nest-common';
import { EngagementService } from './engagement.service.js';

class EngagementParams extends createZodDto(engagementParamsSchema) {}
class EngagementBody extends createZodDto(engagementReportSchema) {}
class ListingEngagementParams extends createZodDto(listingEngagementParamsSchema) {}

/** The buyer's area: the viewer's reports and what is recorded about the caller (contracts api/engagement.ts). */
@ApiTags('buyer documents')
@Controller('buyer')
@Roles('BUYER')
export class BuyerEngagementController {
  constructor(readonly engagement: EngagementService) {}

  @Post('documents/:documentId/engagement')
  @HttpCode(204)
  @ApiOperation({ summary: 'Defined (issue 23 §3): {pages: [{page, ms}], ticket?} the viewer saw, ≤ 50 pages and ≤ 10 min per report; only buyers\' time is recorded; a current view ticket (the opening\'s) stands for the viewer\'s rule.' })
  async report(@CurrentUser() user: IdentityClaims, @Param() p: EngagementParams, @Body() body: EngagementBody, @Res({ passthrough: true }) res: Response): Promise<void> {
    const t0 = performance.now();
    const onTicket = this.engagement.reportOnTicket(user, p.documentId, body);
    const writeMs = onTicket ?? (await this.engagement.report(user, p.documentId, body));
    // as this service timed them (bench:viewer reads them): the write alone, the handler (access rule + write), and
    // whether the view ticket stood for the rule
    res.setHeader('Server-Timing', `write;dur=${writeMs.toFixed(2)}, handler;dur=${(performance.now() - t0).toFixed(2)}, ${onTicket === null ? 'rule' : 'ticket'}`);
  }

  @Get('engagement')
  @ApiOperation({ summary: 'Defined (issue 23 §3): what the viewer recorded about the caller, per listing.' })
  @ApiZodResponse(200, myEngagementSchema)
  mine(@CurrentUser() user: IdentityClaims): Promise<MyEngagement> {
    return this.engagement.mine(user);
  }
}

function staffEngagementController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} documents`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class StaffEngagementController {
    constructor(readonly engagement: EngagementService) {}

    @Get('listings/:listingId/engagement')
    @ApiOperation({ summary: 'Defined (issue 23 §3): per buyer, documents opened, first and last view, total time, seconds per page.' })
    @ApiZodResponse(200, listingEngagementSchema)
    listing(@CurrentUser() user: IdentityClaims, @Param() p: ListingEngagementParams): Promise<ListingEngagement> {
      return this.engagement.ofListing(user, p.listingId);
    }
  }
  Object.defineProperty(StaffEngagementController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}EngagementController` });
  return StaffEngagementController;
}

export const ENGAGEMENT_CONTROLLERS = [BuyerEngagementController, staffEngagementController('broker'), staffEngagementController('agent')];
