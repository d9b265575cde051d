import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { lastSentResponseSchema, type LastSentResponse } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { ActivityRepository } from './activity.repository.js';
import { LastSentBody } from './dto/last-sent.dto.js';

/** Internal (listings' seller Buyer Activity): when the buyers of a listing last sent a message (no content). */
@ApiTags('internal')
@Controller('internal/messages')
@InternalCallers('listings')
export class InternalActivityController {
  constructor(private readonly repo: ActivityRepository) {}

  @Post('last-sent')
  @HttpCode(200)
  @ApiZodResponse(200, lastSentResponseSchema)
  async lastSent(@Body() body: LastSentBody): Promise<LastSentResponse> {
    return { users: await this.repo.lastSent(body.userIds) };
  }
}
