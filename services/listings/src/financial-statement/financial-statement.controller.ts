import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '@brokerage/nest-common';
import type { FinancialStatementResponse, FormWriteResponse, IdentityClaims } from '@brokerage/contracts';
import { FinancialStatementBody } from './dto/financial-statement.dto.js';
import { FinancialStatementService } from './financial-statement.service.js';

/** Spec part 2 §7: GET /buyer/financial-statement, POST /buyer/financial-statement/save|submit, on the selected listing. */
@ApiTags('buyer')
@Controller('buyer/financial-statement')
@Roles('BUYER')
export class FinancialStatementController {
  constructor(private readonly statements: FinancialStatementService) {}

  @Get()
  get(@CurrentUser() user: IdentityClaims): Promise<FinancialStatementResponse> {
    return this.statements.get(user);
  }

  @Post('save')
  @HttpCode(200)
  save(@CurrentUser() user: IdentityClaims, @Body() body: FinancialStatementBody): Promise<FormWriteResponse> {
    return this.statements.save(user, body.financialStatement);
  }

  /** The certification is signed: its evidence (the gateway's client address, the user agent) goes on the PDF. */
  @Post('submit')
  @HttpCode(200)
  submit(
    @CurrentUser() user: IdentityClaims,
    @Body() body: FinancialStatementBody,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<FormWriteResponse> {
    const ip = forwardedFor?.split(',')[0]?.trim().slice(0, 64) || null;
    return this.statements.submit(user, body.financialStatement, { ip, userAgent: userAgent?.slice(0, 500) || null });
  }
}
