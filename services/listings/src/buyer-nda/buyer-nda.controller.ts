import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { FormWriteResponse, IdentityClaims, NdaResponse } from '@brokerage/contracts';
import { NdaBody } from './dto/buyer-nda.dto.js';
import { BuyerNdaService } from './buyer-nda.service.js';

const USER_AGENT_MAX = 500;

/** Spec part 2 §7: GET /buyer/nda, POST /buyer/nda/save|submit, on the selected listing. */
@ApiTags('buyer')
@Controller('buyer/nda')
@Roles('BUYER')
export class BuyerNdaController {
  constructor(private readonly ndas: BuyerNdaService) {}

  @Get()
  get(@CurrentUser() user: IdentityClaims): Promise<NdaResponse> {
    return this.ndas.get(user);
  }

  @Post('save')
  @HttpCode(200)
  save(@CurrentUser() user: IdentityClaims, @Body() body: NdaBody): Promise<FormWriteResponse> {
    return this.ndas.save(user, body.nda);
  }

  /** The gateway puts the client's address first in x-forwarded-for. */
  @Post('submit')
  @HttpCode(200)
  submit(
    @CurrentUser() user: IdentityClaims,
    @Body() body: NdaBody,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<FormWriteResponse> {
    const ip = forwardedFor?.split(',')[0]?.trim().slice(0, 64) || null;
    return this.ndas.submit(user, body.nda, { ip, userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null });
  }
}
