import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InternalCallers } from '@brokerage/nest-common';
import type { JourneyEventResponse, SelectedListingAnswer } from '@brokerage/contracts';
import { JourneyEventBody, SelectedListingQuery } from './dto/journey.dto.js';
import { JourneysService } from './journeys.service.js';

/** The durable, idempotent command other services send when something they own completes a step. */
@ApiTags('internal')
@Controller('internal/journeys')
export class InternalJourneysController {
  constructor(private readonly journeys: JourneysService) {}

  @Post('events')
  @InternalCallers('documents', 'messaging')
  @HttpCode(200)
  event(@Body() body: JourneyEventBody): Promise<JourneyEventResponse> {
    return this.journeys.applyEvent(body);
  }

  /** The user's selected listing (documents: uploads and lists "on the selected listing"); null when none or no longer theirs. */
  @Get('selected-listing')
  @InternalCallers('documents', 'messaging', 'checklists')
  async selectedListing(@Query() q: SelectedListingQuery): Promise<SelectedListingAnswer> {
    return { listingId: await this.journeys.selected({ sub: q.userId, role: q.role, name: '' }) };
  }
}
