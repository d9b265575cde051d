import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DUE_DILIGENCE_DOCUMENT_NAMES,
  dueDiligenceDownloadResponseSchema,
  dueDiligenceRequestBodySchema,
  dueDiligenceViewSchema,
  type DueDiligenceView,
  type IdentityClaims,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles, parseWith } from '@brokerage/nest-common';
import { DueDiligenceService } from './due-diligence.service.js';
import { DdDocTypeParams, DdDownloadBody, DdIdParams, DdListingParams } from './dto/due-diligence.dto.js';

/** Spec part 1 §7, part 2 §7: the buyer's side of the due-diligence exchange (their own requests and files). */
@ApiTags('buyer due diligence')
@Controller('buyer')
@Roles('BUYER')
export class BuyerDueDiligenceController {
  constructor(private readonly dd: DueDiligenceService) {}

  @Get('due-diligence')
  @ApiOperation({ summary: "The selected listing's due-diligence table (empty, listingId null, without a selection)." })
  @ApiZodResponse(200, dueDiligenceViewSchema)
  selected(@CurrentUser() user: IdentityClaims): Promise<DueDiligenceView> {
    return this.dd.selectedView(user);
  }

  @Get('listings/:listingId/due-diligence')
  @ApiOperation({ summary: '{requests[], documents[]} (+ items, counts, stepCompleted) of the buyer on the listing.' })
  @ApiZodResponse(200, dueDiligenceViewSchema)
  view(@CurrentUser() user: IdentityClaims, @Param() p: DdListingParams): Promise<DueDiligenceView> {
    return this.dd.view(user, p.listingId, user.sub);
  }

  @Post('listings/:id/due-diligence/request')
  @HttpCode(200)
  @ApiOperation({ summary: '{documentName, requested} toggles one request; {documentTypes} requests each listed one. Answers the table.' })
  @ApiZodResponse(200, dueDiligenceViewSchema)
  @ApiBody({
    schema: {
      oneOf: [
        { type: 'object', required: ['documentName', 'requested'], properties: { documentName: { type: 'string', enum: [...DUE_DILIGENCE_DOCUMENT_NAMES] }, requested: { type: 'boolean' } } },
        { type: 'object', required: ['documentTypes'], properties: { documentTypes: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 16 } } },
      ],
    },
  })
  request(@CurrentUser() user: IdentityClaims, @Param() p: DdIdParams, @Body() raw: unknown): Promise<DueDiligenceView> {
    const body = parseWith(dueDiligenceRequestBodySchema, raw);
    const change = 'documentTypes' in body
      ? { add: body.documentTypes }
      : body.requested ? { add: [body.documentName] } : { remove: body.documentName };
    return this.dd.changeRequests(user, p.id, change);
  }

  @Post('listings/:listingId/due-diligence/download')
  @HttpCode(200)
  @ApiOperation({ summary: '{documentId, stepId=7}: records the download in the audit and answers the file (its url streams it).' })
  @ApiZodResponse(200, dueDiligenceDownloadResponseSchema)
  download(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: DdListingParams, @Body() body: DdDownloadBody) {
    return this.dd.recordDownload(req, user, p.listingId, body.documentId);
  }

  @Get('listings/:id/due-diligence/download/:docType')
  @ApiOperation({ summary: 'Streams the newest file of that document (docType: key such as TAX_RETURNS, or the name); recorded in the audit.' })
  async downloadByType(@Req() req: Request, @Res() res: Response, @CurrentUser() user: IdentityClaims, @Param() p: DdDocTypeParams): Promise<void> {
    await this.dd.streamByName(req, res, user, p.id, p.docType);
  }
}
