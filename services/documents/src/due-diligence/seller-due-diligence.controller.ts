import { Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  deleteDocumentResponseSchema,
  sellerDueDiligenceRequestsSchema,
  sellerDueDiligenceViewSchema,
  type DueDiligenceUploadResponse,
  type IdentityClaims,
  type SellerDueDiligenceRequests,
  type SellerDueDiligenceView,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DueDiligenceService } from './due-diligence.service.js';
import { DdDocTypeParams, DdIdParams, DdListingDocumentParams } from './dto/due-diligence.dto.js';
import { ApiDueDiligenceUpload } from './api-due-diligence-upload.js';

/** Spec part 1 §7: the seller's side. The seller's files are for staff to pass on; buyers never see them. */
@ApiTags('seller due diligence')
@Controller('seller')
@Roles('SELLER')
export class SellerDueDiligenceController {
  constructor(private readonly dd: DueDiligenceService) {}

  @Get('due-diligence')
  @ApiOperation({ summary: "The selected listing's open buyer requests (no buyer identities) and the seller's own due-diligence files." })
  @ApiZodResponse(200, sellerDueDiligenceViewSchema)
  view(@CurrentUser() user: IdentityClaims): Promise<SellerDueDiligenceView> {
    return this.dd.sellerView(user);
  }

  @Post('due-diligence')
  @ApiDueDiligenceUpload(['documentName', 'listingId'], 'Defined (the body is not shown): due-diligence files for the selected listing (or listingId), optionally under a documentName.')
  upload(@Req() req: Request, @CurrentUser() user: IdentityClaims): Promise<DueDiligenceUploadResponse> {
    return this.dd.sellerUpload(req, user, {});
  }

  @Get('listings/:id/due-diligence/requests')
  @ApiOperation({ summary: 'Names buyers still wait for: {documentName, pendingBuyers, sellerFiles}, without buyer identities.' })
  @ApiZodResponse(200, sellerDueDiligenceRequestsSchema)
  requests(@CurrentUser() user: IdentityClaims, @Param() p: DdIdParams): Promise<SellerDueDiligenceRequests> {
    return this.dd.sellerRequests(user, p.id);
  }

  @Post('listings/:id/due-diligence/:docType/upload')
  @ApiDueDiligenceUpload([], 'docType: key such as TAX_RETURNS or the document name. Seen by the seller and staff only.')
  uploadFor(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: DdDocTypeParams): Promise<DueDiligenceUploadResponse> {
    return this.dd.sellerUpload(req, user, { listingId: p.id, docType: p.docType });
  }

  @Delete('listings/:listingId/due-diligence/documents/:documentId')
  @ApiOperation({ summary: "Defined: deletes one of the seller's own due-diligence uploads." })
  @ApiZodResponse(200, deleteDocumentResponseSchema)
  remove(@CurrentUser() user: IdentityClaims, @Param() p: DdListingDocumentParams) {
    return this.dd.sellerDelete(user, p.listingId, p.documentId);
  }
}
