import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  ALLOWED_EXTENSIONS,
  LISTING_AGREEMENT_MSG,
  listingAgreementResponseSchema,
  listingAgreementUploadResponseSchema,
  type IdentityClaims,
  type ListingAgreementResponse,
  type ListingAgreementUploadResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { ListingAgreementQuery } from './dto/listing-agreement.dto.js';
import { ListingAgreementService } from './listing-agreement.service.js';

/** Spec part 2 §3 step 3 and §7: GET|POST /seller/listing-agreement (the selected listing unless ?listingId= says otherwise). */
@ApiTags('seller documents')
@Controller('seller')
@Roles('SELLER')
export class ListingAgreementController {
  constructor(private readonly agreements: ListingAgreementService) {}

  @Get('listing-agreement')
  @ApiOperation({ summary: "The agreement staff provided (broker's over agent's), the seller's signed copies, and the agreement object (prepared by, version, signed copy, signedAt, status)." })
  @ApiZodResponse(200, listingAgreementResponseSchema)
  get(@CurrentUser() user: IdentityClaims, @Query() q: ListingAgreementQuery): Promise<ListingAgreementResponse> {
    return this.agreements.view(user, q.listingId);
  }

  @Post('listing-agreement')
  @ApiOperation({ summary: 'The signed copy (.pdf .doc .docx in `file`): filed as a LISTING_AGREEMENT under step 2, which completes the step.' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: `The signed copy (${ALLOWED_EXTENSIONS.AGREEMENT.join(' ')}; the content must match the extension; at most 25 MB by default).`,
    schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
  })
  @ApiZodResponse(201, listingAgreementUploadResponseSchema)
  @ApiConflictResponse({ description: LISTING_AGREEMENT_MSG.notProvided })
  upload(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Query() q: ListingAgreementQuery): Promise<ListingAgreementUploadResponse> {
    return this.agreements.uploadSigned(req, user, q.listingId);
  }
}
