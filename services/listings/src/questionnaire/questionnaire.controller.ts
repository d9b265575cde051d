import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { FormWriteResponse, IdentityClaims, QuestionnaireResponse } from '@brokerage/contracts';
import { QuestionnaireBody } from './dto/questionnaire.dto.js';
import { QuestionnaireService } from './questionnaire.service.js';

/** Spec part 2 §7: GET /seller/questionnaire, POST /seller/questionnaire/save|submit, on the selected listing. */
@ApiTags('seller')
@Controller('seller/questionnaire')
@Roles('SELLER')
export class QuestionnaireController {
  constructor(private readonly questionnaires: QuestionnaireService) {}

  @Get()
  get(@CurrentUser() user: IdentityClaims): Promise<QuestionnaireResponse> {
    return this.questionnaires.get(user);
  }

  @Post('save')
  @HttpCode(200)
  save(@CurrentUser() user: IdentityClaims, @Body() body: QuestionnaireBody): Promise<FormWriteResponse> {
    return this.questionnaires.save(user, body.questionnaire);
  }

  @Post('submit')
  @HttpCode(200)
  submit(@CurrentUser() user: IdentityClaims, @Body() body: QuestionnaireBody): Promise<FormWriteResponse> {
    return this.questionnaires.submit(user, body.questionnaire);
  }
}
