import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { needsAttentionResponseSchema, type IdentityClaims, type NeedsAttentionResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { NeedsAttentionService } from './needs-attention.service.js';

/** The staff dashboard's "Needs attention" list (issue 19 §3): the broker's whole brokerage, an agent's assigned listings. */
@ApiTags('dashboards')
@Controller()
export class NeedsAttentionController {
  constructor(private readonly attention: NeedsAttentionService) {}

  @Get('broker/needs-attention')
  @Roles('BROKER')
  @ApiZodResponse(200, needsAttentionResponseSchema)
  broker(@CurrentUser() user: IdentityClaims): Promise<NeedsAttentionResponse> {
    return this.attention.list(user);
  }

  @Get('agent/needs-attention')
  @Roles('AGENT')
  @ApiZodResponse(200, needsAttentionResponseSchema)
  agent(@CurrentUser() user: IdentityClaims): Promise<NeedsAttentionResponse> {
    return this.attention.list(user);
  }
}
