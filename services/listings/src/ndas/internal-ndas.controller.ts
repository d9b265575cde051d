import { Body, Controller, Delete, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { recordNdaResponseSchema, removedBuyerNdasSchema, type RecordNdaResponse } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { NdasService } from './ndas.service.js';
import { BuyerNdasParams, RecordNdaBody } from './dto/record-nda.dto.js';

/** Internal NDA API used by identity's POST /auth/nda-submit (never routed by the gateway). */
@ApiTags('internal')
@Controller('internal/ndas')
@InternalCallers('identity')
export class InternalNdasController {
  constructor(private readonly ndas: NdasService) {}

  /** 201 {nda, created:true} on first call; 200 {nda, created:false} on a retry; 404 when the listing is not ACTIVE. */
  @Post()
  @ApiZodResponse(201, recordNdaResponseSchema, 'Recorded')
  @ApiZodResponse(200, recordNdaResponseSchema, 'Already recorded (retry)')
  async record(@Body() body: RecordNdaBody, @Res({ passthrough: true }) res: { status(code: number): unknown }): Promise<RecordNdaResponse> {
    const result = await this.ndas.record(body);
    res.status(result.created ? 201 : 200);
    return result;
  }

  /** Compensation for a failed sign-up: removes that buyer's NDAs and listing attachments. */
  @Delete(':buyerId')
  @ApiZodResponse(200, removedBuyerNdasSchema)
  remove(@Param() params: BuyerNdasParams) {
    return this.ndas.removeForBuyer(params.buyerId);
  }
}
