import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { internalAttentionResponseSchema, type InternalAttentionResponse } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { InternalAttentionBody } from './dto/needs-attention.dto.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';

/**
 * Internal (listings' staff "Needs attention" list): the clients' uploads since a time and the open due-diligence
 * requests of the listings listings names (it alone knows the caller's scope). Ids, counts and times only.
 */
@ApiTags('internal')
@Controller('internal')
@InternalCallers('listings')
export class InternalNeedsAttentionController {
  constructor(private readonly repo: NeedsAttentionRepository) {}

  @Post('needs-attention')
  @HttpCode(200)
  @ApiZodResponse(200, internalAttentionResponseSchema)
  async get(@Body() body: InternalAttentionBody): Promise<InternalAttentionResponse> {
    const [uploads, dueDiligence] = await Promise.all([
      this.repo.clientUploads(body.listingIds, new Date(body.since)),
      this.repo.openRequests(body.listingIds),
    ]);
    return { uploads, dueDiligence };
  }
}
