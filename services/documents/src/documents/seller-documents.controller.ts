import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { documentListSchema, providedDocumentSchema, type DocumentListResponse, type IdentityClaims, type ProvidedDocumentResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DocumentsService } from './documents.service.js';
import { ListingParams, OptionalListingQuery, StepParams, StepUploadBody } from './dto/documents.dto.js';

/** Spec part 2 §7: the seller's own documents calls (the shared ones: client-documents.controller.ts). */
@ApiTags('seller documents')
@Controller('seller')
@Roles('SELLER')
export class SellerDocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  // GET|POST /seller/listing-agreement: ../listing-agreement/listing-agreement.controller.ts

  @Get('purchase-agreement')
  @ApiZodResponse(200, providedDocumentSchema)
  purchaseAgreement(@CurrentUser() user: IdentityClaims, @Query() q: OptionalListingQuery): Promise<ProvidedDocumentResponse> {
    return this.documents.provided(user, 'PURCHASE_AGREEMENT', q.listingId);
  }

  @Get('step/:id/documents')
  @ApiZodResponse(200, documentListSchema)
  async stepDocuments(@CurrentUser() user: IdentityClaims, @Param() p: StepParams, @Query() q: OptionalListingQuery): Promise<DocumentListResponse> {
    return { documents: await this.documents.stepDocuments(user, p.id, q.listingId) };
  }

  @Post('step/:id/upload')
  @ApiOperation({ summary: "The spec's simple form {fileName, fileUrl, fileSize}: files one of the seller's uploads (fileUrl = its url) under the step." })
  async stepUpload(@CurrentUser() user: IdentityClaims, @Param() p: StepParams, @Body() body: StepUploadBody) {
    return { message: 'Document added to the step', document: await this.documents.attachToStep(user, p.id, body.fileUrl) };
  }

  @Get('listings/:listingId/broker-documents')
  @ApiZodResponse(200, documentListSchema)
  async brokerDocuments(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<DocumentListResponse> {
    return { documents: await this.documents.visible(user, p.listingId, (d) => d.category === 'STAFF_UPLOAD' || d.category === 'GENERATED') };
  }
}
