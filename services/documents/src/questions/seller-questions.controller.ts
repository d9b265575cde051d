import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { questionListSchema, type IdentityClaims, type QuestionList, type QuestionResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { ApiAnswerBody } from './api-answer-body.js';
import { QuestionListingParams, QuestionParams } from './dto/questions.dto.js';
import { QuestionsService } from './questions.service.js';

/** Issue 24 §3: the seller answers the questions staff routed to them; they never learn which buyer asked. */
@ApiTags('seller questions')
@Controller('seller')
@Roles('SELLER')
export class SellerQuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('listings/:listingId/questions')
  @ApiOperation({ summary: 'The questions routed to the seller (or answered by them), without buyer identities.' })
  @ApiZodResponse(200, questionListSchema)
  list(@CurrentUser() user: IdentityClaims, @Param() p: QuestionListingParams): Promise<QuestionList> {
    return this.questions.list(user, p.listingId);
  }

  @Post('listings/:listingId/questions/:questionId/answer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer a question routed to the seller (state With seller → Answered).' })
  @ApiAnswerBody()
  answer(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: QuestionParams): Promise<QuestionResponse> {
    return this.questions.answer(req, user, p.listingId, p.questionId);
  }
}
