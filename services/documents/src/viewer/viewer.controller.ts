import { Controller, Get, Param, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { VIEWER_PREPARING_RETRY_SECONDS, viewerDocumentSchema, viewerPageParamsSchema, viewerPageQuerySchema, viewerPagesParamsSchema, viewerPageTextSchema, type IdentityClaims, type ViewerDocument, type ViewerPreparing, type ViewerPageText } from '@brokerage/contracts';
import { ApiZodResponse, createZodDto, CurrentUser, Roles } from '@brokerage/nest-common';
import { pageImageType } from './page-image.js';
import { TextLayerService } from './text-layer.js';
import { ViewerService } from './viewer.service.js';

class ViewerPagesParams extends createZodDto(viewerPagesParamsSchema) {}
class ViewerPageParams extends createZodDto(viewerPageParamsSchema) {}
class ViewerPageQuery extends createZodDto(viewerPageQuerySchema) {}

type Area = 'seller' | 'buyer' | 'broker' | 'agent';
const ROLE = { seller: 'SELLER', buyer: 'BUYER', broker: 'BROKER', agent: 'AGENT' } as const;

/** GET /{area}/documents/{documentId}/pages[/{page}[/text]] (contracts api/viewer.ts), one controller per role's area. */
function viewerController(area: Area): Type {
  @ApiTags(`${area} documents`)
  @Controller(area)
  @Roles(ROLE[area])
  class ViewerController {
    constructor(readonly viewer: ViewerService, readonly text: TextLayerService) {}

    @Get('documents/:documentId/pages')
    @ApiOperation({ summary: 'Defined (issue 23 §1): the page count of a PDF the caller may view; recorded in the download audit as an opening (a buyer\'s CBR/CIM completes step 4).' })
    @ApiZodResponse(200, viewerDocumentSchema)
    @ApiResponse({ status: 202, description: "A Word file's PDF for viewing is being made by the pdf worker: {documentId, fileName, status: 'preparing', message}; ask again after Retry-After (not recorded)." })
    async pages(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: ViewerPagesParams, @Res({ passthrough: true }) res: Response): Promise<ViewerDocument | ViewerPreparing> {
      const answer = await this.viewer.open(req, user, p.documentId);
      if ('status' in answer) res.status(202).setHeader('Retry-After', String(VIEWER_PREPARING_RETRY_SECONDS));
      return answer;
    }

    @Get('documents/:documentId/pages/:page')
    @ApiOperation({ summary: "Defined (issue 23 §1): page n (from 1) as an image of a copy stamped with the viewer's name, e-mail and the date (a grey page a 4-bit PNG, a page with colour a JPEG)." })
    @ApiProduces('image/png', 'image/jpeg')
    async page(@CurrentUser() user: IdentityClaims, @Param() p: ViewerPageParams, @Query() q: ViewerPageQuery, @Res() res: Response): Promise<void> {
      const t0 = performance.now();
      const image = await this.viewer.page(user, p.documentId, p.page, q.size);
      res.writeHead(200, {
        'Server-Timing': `handler;dur=${(performance.now() - t0).toFixed(2)}`, // the rule and the read (bench:viewer)
        'Content-Type': pageImageType(image),
        'Content-Length': String(image.length),
        'Cache-Control': 'private, no-store', // a revoked viewer's next page must be asked for (and refused)
        'X-Content-Type-Options': 'nosniff',
      }).end(image);
    }

    @Get('documents/:documentId/pages/:page/text')
    @ApiOperation({ summary: "Defined (issue 23 §1): page n's words and their boxes (fractions of the page) from the same stamped copy: the viewer's text layer." })
    @ApiZodResponse(200, viewerPageTextSchema)
    pageText(@CurrentUser() user: IdentityClaims, @Param() p: ViewerPageParams, @Res({ passthrough: true }) res: Response): Promise<ViewerPageText> {
      res.setHeader('Cache-Control', 'private, no-store');
      return this.text.page(user, p.documentId, p.page);
    }
  }
  Object.defineProperty(ViewerController, 'name', { value: `${area[0]!.toUpperCase()}${area.slice(1)}ViewerController` });
  return ViewerController;
}

export const VIEWER_CONTROLLERS = (['seller', 'buyer', 'broker', 'agent'] as const).map(viewerController);
