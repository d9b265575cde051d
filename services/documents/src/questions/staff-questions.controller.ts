import { Body, Controller, Get, HttpCode, Param, Post, Req, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { questionListSchema, questionResponseSchema, type IdentityClaims, type QuestionList, type QuestionResponse } from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { ApiAnswerBody } from './api-answer-body.js';
import { MergeQuestionBody, QuestionListingParams, QuestionParams, ReleaseQuestionBody } from './dto/questions.dto.js';
import { QuestionsService } from './questions.service.js';

/** Issue 24 §3: staff see every question of a listing in scope (agent: assigned listings; others 404) and act on it. */
function staffQuestionsController(area: 'broker' | 'agent'): Type {
  @ApiTags(`${area} questions`)
  @Controller(area)
  @Roles(area === 'broker' ? 'BROKER' : 'AGENT')
  class StaffQuestionsController {
    constructor(readonly questions: QuestionsService) {}

    @Get('listings/:listingId/questions')
    @ApiOperation({ summary: 'Every question of the listing, with its asker and history.' })
    @ApiZodResponse(200, questionListSchema)
    list(@CurrentUser() user: IdentityClaims, @Param() p: QuestionListingParams): Promise<QuestionList> {
      return this.questions.list(user, p.listingId);
    }

    @Post('listings/:listingId/questions/:questionId/route')
    @HttpCode(200)
    @ApiOperation({ summary: 'Route an open question to the seller (With seller).' })
    @ApiZodResponse(200, questionResponseSchema)
    route(@CurrentUser() user: IdentityClaims, @Param() p: QuestionParams): Promise<QuestionResponse> {
      return this.questions.route(user, p.listingId, p.questionId);
    }

    @Post('listings/:listingId/questions/:questionId/answer')
    @HttpCode(200)
    @ApiOperation({ summary: 'Answer a question (Answered); a released answer cannot be changed.' })
    @ApiAnswerBody()
    answer(@Req() req: Request, @CurrentUser() user: IdentityClaims, @Param() p: QuestionParams): Promise<QuestionResponse> {
      return this.questions.answer(req, user, p.listingId, p.questionId);
    }

    @Post('listings/:listingId/questions/:questionId/merge')
    @HttpCode(200)
    @ApiOperation({ summary: 'Merge a duplicate into another question of the listing: it shows that one\'s state and answer.' })
    @ApiZodResponse(200, questionResponseSchema)
    merge(@CurrentUser() user: IdentityClaims, @Param() p: QuestionParams, @Body() body: MergeQuestionBody): Promise<QuestionResponse> {
      return this.questions.merge(user, p.listingId, p.questionId, body.intoQuestionId);
    }

    @Post('listings/:listingId/questions/:questionId/release')
    @HttpCode(200)
    @ApiOperation({ summary: 'Release the answer to the asker(s) only (ASKER) or to every buyer of the listing (ALL).' })
    @ApiZodResponse(200, questionResponseSchema)
    release(@CurrentUser() user: IdentityClaims, @Param() p: QuestionParams, @Body() body: ReleaseQuestionBody): Promise<QuestionResponse> {
      return this.questions.release(user, p.listingId, p.questionId, body.audience);
    }
  }
  Object.defineProperty(StaffQuestionsController, 'name', { value: `${area === 'broker' ? 'Broker' : 'Agent'}QuestionsController` });
  return StaffQuestionsController;
}

export const BrokerQuestionsController = staffQuestionsController('broker');
export const AgentQuestionsController = staffQuestionsController('agent');
