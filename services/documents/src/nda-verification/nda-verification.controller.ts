import { Controller, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ndaVerifyResponseSchema, type IdentityClaims, type NdaVerifyResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { NdaVerifyParams } from './dto/nda-verification.dto.js';
import { NdaVerificationService } from './nda-verification.service.js';

/** POST /broker|agent/listings/{listingId}/ndas/verify: the broker on any listing, an agent on their assigned ones. */
function ndaVerificationController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} documents`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class NdaVerificationController {
    constructor(readonly verification: NdaVerificationService) {}

    @Post('listings/:listingId/ndas/verify')
    @HttpCode(200)
    @ApiOperation({ summary: "Check a copy of a signed NDA's PDF against the listing's signed NDAs (nothing is stored)." })
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
    @ApiZodResponse(200, ndaVerifyResponseSchema)
    verify(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: NdaVerifyParams): Promise<NdaVerifyResponse> {
      return this.verification.verify(req, user, p.listingId);
    }
  }
  Object.defineProperty(NdaVerificationController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}NdaVerificationController` });
  return NdaVerificationController;
}

export const BrokerNdaVerificationController = ndaVerificationController('broker');
export const AgentNdaVerificationController = ndaVerificationController('agent');
