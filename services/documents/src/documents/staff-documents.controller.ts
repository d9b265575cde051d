import { Controller, Delete, Get, Param, Post, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DOCUMENT_TYPES,
  activityResponseSchema,
  deleteDocumentResponseSchema,
  documentListSchema,
  type ActivityResponse,
  type DocumentListResponse,
  type IdentityClaims,
  type UploadResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DownloadsRepository } from '../downloads/downloads.repository.js';
import { DownloadsService } from '../downloads/downloads.service.js';
import { ApiUpload } from '../uploads/api-upload.decorator.js';
import { DocumentsService } from './documents.service.js';
import { ActivityQuery, BuyerListingParams, DocumentParams, DownloadQuery, ListingDocumentParams, ListingParams, StaffDocumentsQuery } from './dto/documents.dto.js';

/** Spec part 3 §7: the same documents calls under /broker (every listing) and /agent (assigned listings). */
function staffDocumentsController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} documents`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class StaffDocumentsController {
    constructor(
      readonly documents: DocumentsService,
      readonly downloads: DownloadsService,
      readonly audit: DownloadsRepository,
    ) {}

    @Get('listings/:listingId/documents')
    @ApiOperation({ summary: 'Every document of the listing; ?buyerId= only those of/for that buyer.' })
    @ApiZodResponse(200, documentListSchema)
    async list(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams, @Query() q: StaffDocumentsQuery): Promise<DocumentListResponse> {
      return { documents: await this.documents.visible(user, p.listingId, (d) => !q.buyerId || d.buyerId === q.buyerId) };
    }

    @Post('listings/:listingId/documents')
    @ApiUpload(['documentType', 'buyerId', 'audience', 'stepId', 'permission'], 'documentType is required ("Please select a document type."). A file named like an earlier staff upload of the same type (and buyer) is its next version (not for the listing agreement and contracts).')
    upload(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<UploadResponse> {
      return this.documents.upload(req, user, { listingId: p.listingId, types: DOCUMENT_TYPES, defaultType: null });
    }

    @Delete('listings/:listingId/documents/:documentId')
    @ApiZodResponse(200, deleteDocumentResponseSchema)
    remove(@CurrentUser() user: IdentityClaims, @Param() p: ListingDocumentParams) {
      return this.documents.delete(user, p.listingId, p.documentId);
    }

    @Get('listings/:listingId/seller-documents')
    @ApiOperation({ summary: "The seller's uploads on the listing." })
    @ApiZodResponse(200, documentListSchema)
    async sellerDocuments(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<DocumentListResponse> {
      return { documents: await this.documents.visible(user, p.listingId, (d) => d.category === 'SELLER_UPLOAD') };
    }

    @Get('buyers/:buyerId/listings/:listingId/documents')
    @ApiOperation({ summary: "The buyer's uploads on the listing and the documents meant for that buyer alone." })
    @ApiZodResponse(200, documentListSchema)
    async buyerDocuments(@CurrentUser() user: IdentityClaims, @Param() p: BuyerListingParams): Promise<DocumentListResponse> {
      return { documents: await this.documents.visible(user, p.listingId, (d) => d.buyerId === p.buyerId) };
    }

    @Get('documents/:documentId/download')
    @ApiOperation({ summary: 'Defined: the file for staff (Range supported); recorded in the audit.' })
    async download(@Req() req: Request, @Res() res: Response, @CurrentUser() user: IdentityClaims, @Param() p: DocumentParams, @Query() q: DownloadQuery): Promise<void> {
      await this.downloads.send(req, res, await this.documents.findVisible(user, p.documentId), user, q.disposition);
    }

    @Get('listings/:listingId/activity')
    @ApiOperation({ summary: "Defined: the listing's download audit (who, what, when, IP), newest first; ?userId= one person's." })
    @ApiZodResponse(200, activityResponseSchema)
    async listingActivity(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams, @Query() q: ActivityQuery): Promise<ActivityResponse> {
      await this.documents.access(user, p.listingId);
      return { downloads: await this.audit.list({ listingId: p.listingId, userId: q.userId }, q.limit) };
    }

    @Get('documents/:documentId/activity')
    @ApiOperation({ summary: "Defined: one document's download audit, newest first; ?userId= one person's." })
    @ApiZodResponse(200, activityResponseSchema)
    async documentActivity(@CurrentUser() user: IdentityClaims, @Param() p: DocumentParams, @Query() q: ActivityQuery): Promise<ActivityResponse> {
      const doc = await this.documents.findVisible(user, p.documentId);
      return { downloads: await this.audit.list({ documentId: doc.id, userId: q.userId }, q.limit) };
    }
  }
  Object.defineProperty(StaffDocumentsController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}DocumentsController` });
  return StaffDocumentsController;
}

export const BrokerDocumentsController = staffDocumentsController('broker');
export const AgentDocumentsController = staffDocumentsController('agent');
