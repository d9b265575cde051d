import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { questionListSchema, questionResponseSchema, type IdentityClaims, type QuestionList, type QuestionResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { AskQuestionBody, QuestionListingParams } from './dto/questions.dto.js';
import { QuestionsService } from './questions.service.js';

/** Issue 24 §3: the buyer's questions (past the NDA): their own, and the answers released to every buyer. */
@ApiTags('buyer questions')
@Controller('buyer')
@Roles('BUYER')
export class BuyerQuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('listings/:listingId/questions')
  @ApiOperation({ summary: "The buyer's own questions (answers once released) and those released to every buyer; never who asked." })
  @ApiZodResponse(200, questionListSchema)
  list(@CurrentUser() user: IdentityClaims, @Param() p: QuestionListingParams): Promise<QuestionList> {
    return this.questions.list(user, p.listingId);
  }

  @Post('listings/:listingId/questions')
  @ApiOperation({ summary: 'Ask a question on one of the 16 due-diligence names (documentName) or on the listing in general (null).' })
  @ApiZodResponse(201, questionResponseSchema)
  ask(@CurrentUser() user: IdentityClaims, @Param() p: QuestionListingParams, @Body() body: AskQuestionBody): Promise<QuestionResponse> {
    return this.questions.ask(user, p.listingId, body);
  }
}
