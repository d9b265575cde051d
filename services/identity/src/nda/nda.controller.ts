import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { userMessageResponseSchema } from '@brokerage/contracts';
import { ApiZodResponse, Public } from '@brokerage/nest-common';
import { clientMeta } from '../common/http.js';
import { NdaSubmitBody } from './dto/nda.dto.js';
import { NdaService } from './nda.service.js';

@ApiTags('auth')
@Controller('auth')
export class NdaController {
  constructor(private readonly nda: NdaService) {}

  /** Public NDA sign-up: creates the buyer and records the NDA at listings, all or nothing. */
  @Post('nda-submit')
  @Public()
  @HttpCode(201)
  @ApiZodResponse(201, userMessageResponseSchema)
  async submit(@Body() body: NdaSubmitBody, @Req() req: Request) {
    const user = await this.nda.submit(body, clientMeta(req));
    return { message: 'NDA submitted successfully', user };
  }
}
