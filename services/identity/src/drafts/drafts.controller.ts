import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { draftDiscardedSchema, draftSchema, type Draft, type IdentityClaims } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { DraftBodyDto, DraftKeyParamsDto } from './dto/drafts.dto.js';
import { DraftsService } from './drafts.service.js';

/** GET|PUT|DELETE /drafts/{key}: the caller's own draft of a form (contracts api/drafts.ts). */
@ApiTags('drafts')
@Controller('drafts')
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @Get(':key')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, draftSchema)
  get(@CurrentUser() caller: IdentityClaims, @Param() p: DraftKeyParamsDto): Promise<Draft> {
    return this.drafts.get(caller.sub, p.key);
  }

  @Put(':key')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, draftSchema)
  put(@CurrentUser() caller: IdentityClaims, @Param() p: DraftKeyParamsDto, @Body() body: DraftBodyDto): Promise<Draft> {
    return this.drafts.put(caller.sub, p.key, body.data);
  }

  @Delete(':key')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, draftDiscardedSchema)
  discard(@CurrentUser() caller: IdentityClaims, @Param() p: DraftKeyParamsDto): Promise<{ message: string }> {
    return this.drafts.discard(caller.sub, p.key);
  }
}
