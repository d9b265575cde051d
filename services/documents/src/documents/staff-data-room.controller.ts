import { Body, Controller, Get, HttpCode, Param, Patch, Post, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  documentPermissionResponseSchema,
  revocationListSchema,
  revocationResponseSchema,
  type DocumentPermissionResponse,
  type IdentityClaims,
  type RevocationList,
  type RevocationResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DocumentsService } from './documents.service.js';
import { BuyerListingParams, DocumentPermissionBody, ListingDocumentParams, ListingParams, RevocationBody } from './dto/documents.dto.js';
import { DataRoomService } from './data-room.service.js';

/** Issue 23 §2 under /broker (every listing) and /agent (assigned listings): permission per document, revocation per buyer. */
function staffDataRoomController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} documents`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class StaffDataRoomController {
    constructor(
      readonly documents: DocumentsService,
      readonly dataRoom: DataRoomService,
    ) {}

    @Patch('listings/:listingId/documents/:documentId/permission')
    @ApiOperation({ summary: 'Defined (issue 23 §2): {permission: VIEW_ONLY | VIEW_AND_DOWNLOAD}; a view-only document has no download for buyers.' })
    @ApiZodResponse(200, documentPermissionResponseSchema)
    setPermission(@CurrentUser() user: IdentityClaims, @Param() p: ListingDocumentParams, @Body() body: DocumentPermissionBody): Promise<DocumentPermissionResponse> {
      return this.documents.setPermission(user, p.listingId, p.documentId, body.permission);
    }

    @Get('listings/:listingId/revocations')
    @ApiOperation({ summary: "Defined (issue 23 §2): the buyers' revoked accesses on the listing (documentId null: every document)." })
    @ApiZodResponse(200, revocationListSchema)
    revocations(@CurrentUser() user: IdentityClaims, @Param() p: ListingParams): Promise<RevocationList> {
      return this.dataRoom.list(user, p.listingId);
    }

    @Post('buyers/:buyerId/listings/:listingId/revoke')
    @HttpCode(200)
    @ApiOperation({ summary: "Defined (issue 23 §2): revoke the buyer's access to {documentId} or, with {}, to the listing's documents; effective at once." })
    @ApiZodResponse(200, revocationResponseSchema)
    revoke(@CurrentUser() user: IdentityClaims, @Param() p: BuyerListingParams, @Body() body: RevocationBody): Promise<RevocationResponse> {
      return this.dataRoom.change(user, 'revoke', p.buyerId, p.listingId, body.documentId ?? null);
    }

    @Post('buyers/:buyerId/listings/:listingId/restore')
    @HttpCode(200)
    @ApiOperation({ summary: "Defined (issue 23 §2): restore the buyer's access to {documentId} or, with {}, to the listing's documents." })
    @ApiZodResponse(200, revocationResponseSchema)
    restore(@CurrentUser() user: IdentityClaims, @Param() p: BuyerListingParams, @Body() body: RevocationBody): Promise<RevocationResponse> {
      return this.dataRoom.change(user, 'restore', p.buyerId, p.listingId, body.documentId ?? null);
    }
  }
  Object.defineProperty(StaffDataRoomController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}DataRoomController` });
  return StaffDataRoomController;
}

export const BrokerDataRoomController = staffDataRoomController('broker');
export const AgentDataRoomController = staffDataRoomController('agent');
