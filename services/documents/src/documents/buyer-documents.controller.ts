import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  documentListSchema,
  downloadAgentDocumentResponseSchema,
  providedDocumentSchema,
  type DocumentListResponse,
  type IdentityClaims,
  type ProvidedDocumentResponse,
  type UploadResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DownloadsService } from '../downloads/downloads.service.js';
import { CBR_DOWNLOAD_STEP, JourneyEventsService } from '../journey-events/journey-events.service.js';
import { ApiUpload } from '../uploads/api-upload.decorator.js';
import { signedContractUpload } from './client-document-routes.js';
import { presentDocument } from './document-presenter.js';
import { DocumentsService } from './documents.service.js';
import { DocumentParams, DownloadAgentDocumentBody, DownloadQuery, ListingParams, OptionalListingQuery } from './dto/documents.dto.js';

const isStaffDoc = (d: { category: string }) => d.category === 'STAFF_UPLOAD' || d.category === 'GENERATED';

/** Spec part 2 §7: the buyer's own documents calls (the shared ones: client-documents.controller.ts). */
@ApiTags('buyer documents')
@Controller('buyer')
@Roles('BUYER')
export class BuyerDocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly downloads: DownloadsService,
    private readonly journeys: JourneyEventsService,
  ) {}

  @Get('cbr-cim')
  @ApiOperation({ summary: 'The CBR/CIM staff provided (broker over agent); its download is watermarked for the buyer.' })
  @ApiZodResponse(200, providedDocumentSchema)
  cbrCim(@CurrentUser() user: IdentityClaims, @Query() q: OptionalListingQuery): Promise<ProvidedDocumentResponse> {
    return this.documents.provided(user, 'CBR_CIM', q.listingId);
  }

  @Get('purchase-contract')
  @ApiOperation({ summary: "The purchase contract staff provided and the buyer's uploaded signed contracts." })
  @ApiZodResponse(200, providedDocumentSchema)
  purchaseContract(@CurrentUser() user: IdentityClaims, @Query() q: OptionalListingQuery): Promise<ProvidedDocumentResponse> {
    return this.documents.provided(user, 'PURCHASE_CONTRACT', q.listingId);
  }

  @Get('listings/:listingId/agent-documents')
  @ApiZodResponse(200, documentListSchema)
  async agentDocuments(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<DocumentListResponse> {
    return { documents: await this.documents.visible(user, p.listingId, isStaffDoc) };
  }

  @Post('download-agent-document/:documentId')
  @HttpCode(200)
  @ApiOperation({ summary: '{stepId}: records the download intent of a staff document (stepId 4: the CBR/CIM completes step 4) and answers it with its url.' })
  @ApiZodResponse(200, downloadAgentDocumentResponseSchema)
  async downloadAgentDocument(@CurrentUser() user: IdentityClaims, @Param() p: DocumentParams, @Body() _body: DownloadAgentDocumentBody) {
    // a view-only or revoked document has no download to record (issue 23 §2: 403)
    const row = await this.documents.findUsable(user, p.documentId, 'download');
    if (!isStaffDoc(row)) throw new NotFoundException('Document not found');
    if (row.type === 'CBR_CIM') await this.journeys.record(CBR_DOWNLOAD_STEP, user.sub, row.listingId);
    return { message: 'Document ready for download', document: presentDocument(row, user) };
  }

  @Post('listings/:listingId/signed-contract')
  @ApiOperation({ summary: 'Defined (step 7 screen, not shown in the spec): upload of the signed purchase contract (.pdf .doc .docx); completes step 6.' })
  @ApiUpload([])
  signedContract(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<UploadResponse> {
    return this.documents.upload(req, user, signedContractUpload(p.listingId));
  }

  @Get('listings/:listingId/contract/download')
  @ApiOperation({ summary: 'Defined (step 7 screen, not shown in the spec): the purchase contract staff provided, as a file.' })
  async contractDownload(@Req() req: Request, @Res() res: Response, @CurrentUser() user: IdentityClaims, @Param() p: ListingParams, @Query() q: DownloadQuery): Promise<void> {
    const { document } = await this.documents.provided(user, 'PURCHASE_CONTRACT', p.listingId);
    if (!document) throw new NotFoundException('No Purchase Contract available for download');
    await this.downloads.send(req, res, await this.documents.findVisible(user, document.id), user, q.disposition);
  }
}
