import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { buyerActivityResponseSchema, type BuyerActivityResponse, type IdentityClaims } from '@brokerage/contracts';
import { BuyerActivityService } from './buyer-activity.service.js';
import { BuyerActivityParams } from './dto/buyer-activity.dto.js';

/** Spec part 2 §2 seller step 6, without sample data (deviation 5); the path is defined here (not shown in the spec). */
@ApiTags('seller')
@Controller('seller')
@Roles('SELLER')
export class SellerBuyerActivityController {
  constructor(private readonly activity: BuyerActivityService) {}

  @Get('listings/:listingId/buyer-activity')
  @ApiOperation({
    summary: 'Defined: the buyers of the seller\'s listing (B001…, NDA, pre-qualified, status, offer, latest activity) and the stat cards.',
  })
  @ApiZodResponse(200, buyerActivityResponseSchema)
  get(@CurrentUser() user: IdentityClaims, @Param() p: BuyerActivityParams): Promise<BuyerActivityResponse> {
    return this.activity.forSeller(user.sub, p.listingId);
  }
}
