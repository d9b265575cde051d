import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  deleteDocumentResponseSchema,
  documentListSchema,
  documentTagResponseSchema,
  stepDocumentSchema,
  type DocumentListResponse,
  type DocumentTagResponse,
  type IdentityClaims,
  type UploadResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DownloadsService } from '../downloads/downloads.service.js';
import { ApiUpload } from '../uploads/api-upload.decorator.js';
import { buyerUpload, sellerUpload } from './client-document-routes.js';
import { downloadUrl } from './document-presenter.js';
import { DocumentsService } from './documents.service.js';
import { DocumentParams, DocumentTagBody, DownloadQuery, IdDocumentParams, ListingDocumentParams, ListingParams, OptionalListingQuery, StepDownloadBody, StepParams } from './dto/documents.dto.js';

const NOTES = {
  seller: 'Without documentType: stepId 2/4/6/7 files a listing agreement / financial documents / purchase agreement / due diligence, else UPLOADED_DOC.',
  buyer: 'Without documentType: UPLOADED_DOC (stepId 6: PURCHASE_CONTRACT).',
};

/** Spec part 2 §7: the documents calls seller and buyer share (the selected listing unless ?listingId= / the path says otherwise). */
function clientDocumentsController(prefix: 'seller' | 'buyer'): Type {
  const rule = prefix === 'seller' ? sellerUpload : buyerUpload;

  @ApiTags(`${prefix} documents`)
  @Controller(prefix)
  @Roles(prefix === 'seller' ? 'SELLER' : 'BUYER')
  class ClientDocumentsController {
    constructor(
      readonly documents: DocumentsService,
      readonly downloads: DownloadsService,
    ) {}

    @Get('documents')
    @ApiZodResponse(200, documentListSchema)
    async list(@CurrentUser() user: IdentityClaims, @Query() q: OptionalListingQuery): Promise<DocumentListResponse> {
      return { documents: await this.documents.listForSelection(user, q.listingId) };
    }

    @Post('documents/upload')
    @ApiUpload(['documentType', 'stepId', 'listingId', 'tag'], NOTES[prefix])
    upload(@Req() req: Request, @CurrentUser() user: IdentityClaims): Promise<UploadResponse> {
      return this.documents.upload(req, user, rule());
    }

    @Patch('documents/:documentId/tag')
    @ApiOperation({ summary: "Defined (issues 11/12, not in the spec): {tag} or {tag: null} re-tags one of the caller's own uploads (which requested document it is)." })
    @ApiZodResponse(200, documentTagResponseSchema)
    setTag(@CurrentUser() user: IdentityClaims, @Param() p: DocumentParams, @Body() body: DocumentTagBody): Promise<DocumentTagResponse> {
      return this.documents.setTag(user, p.documentId, body.tag);
    }

    @Get('closing-documents')
    @ApiZodResponse(200, documentListSchema)
    async closing(@CurrentUser() user: IdentityClaims, @Query() q: OptionalListingQuery): Promise<DocumentListResponse> {
      return { documents: await this.documents.closing(user, q.listingId) };
    }

    @Get('download-document/:id')
    @ApiOperation({ summary: 'The file (Range supported; a buyer\'s CBR/CIM PDF is watermarked per download); recorded in the download audit.' })
    async download(@Req() req: Request, @Res() res: Response, @CurrentUser() user: IdentityClaims, @Param() p: IdDocumentParams, @Query() q: DownloadQuery): Promise<void> {
      await this.downloads.send(req, res, await this.documents.findVisible(user, p.id), user, q.disposition);
    }

    @Get('listings/:listingId/documents')
    @ApiZodResponse(200, documentListSchema)
    async listingDocuments(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<DocumentListResponse> {
      return { documents: await this.documents.visible(user, p.listingId) };
    }

    @Post('listings/:listingId/documents')
    @ApiUpload(['documentType', 'stepId', 'tag'], NOTES[prefix])
    uploadToListing(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<UploadResponse> {
      return this.documents.upload(req, user, rule(p.listingId));
    }

    @Delete('listings/:listingId/documents/:documentId')
    @ApiZodResponse(200, deleteDocumentResponseSchema)
    remove(@CurrentUser() user: IdentityClaims, @Param() p: ListingDocumentParams) {
      return this.documents.delete(user, p.listingId, p.documentId);
    }

    @Post('step/:id/download')
    @HttpCode(200)
    @ApiOperation({ summary: 'Defined (body not shown): {documentId} → the step document (fileName, fileUrl, fileSize) to download.' })
    @ApiZodResponse(200, stepDocumentSchema)
    async stepDownload(@CurrentUser() user: IdentityClaims, @Param() _p: StepParams, @Body() body: StepDownloadBody) {
      const d = await this.documents.findUsable(user, body.documentId, 'download');
      return { fileName: d.fileName, fileUrl: downloadUrl(user.role, d.id), fileSize: d.sizeBytes };
    }
  }
  Object.defineProperty(ClientDocumentsController, 'name', { value: `${prefix === 'seller' ? 'Seller' : 'Buyer'}ClientDocumentsController` });
  return ClientDocumentsController;
}

export const SellerClientDocumentsController = clientDocumentsController('seller');
export const BuyerClientDocumentsController = clientDocumentsController('buyer');
