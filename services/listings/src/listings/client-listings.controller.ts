import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { buyerAvailableListingsResponseSchema, buyerListingResponseSchema, buyerListingsResponseSchema } from '@brokerage/contracts';
import type {
  BuyerAvailableListingsResponse,
  BuyerDecisionResponse,
  BuyerListingResponse,
  BuyerListingsResponse,
  IdentityClaims,
  InterestedBuyersResponse,
  ListingBuyersResponse,
  ListingResponse,
  ListingsResponse,
} from '@brokerage/contracts';
import { BuyerIdBody, ListingIdParams } from './dto/listing.dto.js';
import { ListingsService } from './listings.service.js';
import { PartiesService } from './parties.service.js';

/** Spec part 2 §7 Seller: their listings and the buyers of them. */
@ApiTags('seller')
@Controller('seller')
@Roles('SELLER')
export class SellerListingsController {
  constructor(
    private readonly listings: ListingsService,
    private readonly parties: PartiesService,
  ) {}

  @Get('listings')
  list(@CurrentUser() user: IdentityClaims): Promise<ListingsResponse> {
    return this.listings.listMine(user);
  }

  @Get('listings/:id')
  get(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams): Promise<ListingResponse> {
    return this.listings.get(user, p.id);
  }

  @Get('listings/:id/interested-buyers')
  interested(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams): Promise<InterestedBuyersResponse> {
    return this.parties.interestedBuyers(user.sub, p.id);
  }

  @Get('listing-buyers')
  listingBuyers(@CurrentUser() user: IdentityClaims): Promise<ListingBuyersResponse> {
    return this.parties.listingBuyers(user.sub);
  }

  @Post('listings/:id/approve-buyer')
  @HttpCode(200)
  approve(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams, @Body() body: BuyerIdBody): Promise<BuyerDecisionResponse> {
    return this.parties.decide(user.sub, p.id, body.buyerId, 'approved');
  }

  @Post('listings/:id/reject-buyer')
  @HttpCode(200)
  reject(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams, @Body() body: BuyerIdBody): Promise<BuyerDecisionResponse> {
    return this.parties.decide(user.sub, p.id, body.buyerId, 'rejected');
  }
}

/**
 * Spec part 2 §7 Buyer: listings they take part in, and the ACTIVE ones to choose from; each as the buyer may read it
 * (contracts BuyerListing: the public card until their NDA for the listing, deviations 6 and 7).
 */
@ApiTags('buyer')
@Controller('buyer')
@Roles('BUYER')
export class BuyerListingsController {
  constructor(private readonly listings: ListingsService) {}

  @Get('listings')
  @ApiZodResponse(200, buyerListingsResponseSchema)
  list(@CurrentUser() user: IdentityClaims): Promise<BuyerListingsResponse> {
    return this.listings.listForBuyer(user);
  }

  @Get('listings/:id')
  @ApiZodResponse(200, buyerListingResponseSchema)
  get(@CurrentUser() user: IdentityClaims, @Param() p: ListingIdParams): Promise<BuyerListingResponse> {
    return this.listings.getForBuyer(user, p.id);
  }

  @Get('available-listings')
  @ApiZodResponse(200, buyerAvailableListingsResponseSchema)
  available(@CurrentUser() user: IdentityClaims): Promise<BuyerAvailableListingsResponse> {
    return this.listings.availableForBuyer(user);
  }
}
