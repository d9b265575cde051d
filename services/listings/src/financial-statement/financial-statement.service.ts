import { BadRequestException, Injectable } from '@nestjs/common';
import {
  FORM_MSG,
  FORM_STEPS,
  financialStatementSchema,
  pfsSubmitReady,
  pfsTotals,
  type FinancialStatement,
  type FinancialStatementResponse,
  type FormWriteResponse,
  type IdentityClaims,
} from '@brokerage/contracts';
import { ClientFormsService, formStatus } from '../client-forms/client-forms.service.js';

/** The buyer's personal financial statement (buyer step 3): money as exact decimal strings, totals computed exactly. */
@Injectable()
export class FinancialStatementService {
  constructor(private readonly forms: ClientFormsService) {}

  async get(user: IdentityClaims): Promise<FinancialStatementResponse> {
    const { form } = await this.forms.find<FinancialStatement>(user, 'FINANCIAL_STATEMENT');
    const data = form?.data ?? financialStatementSchema.parse({ preparedOn: new Date().toISOString().slice(0, 10) });
    return { financialStatement: { ...data, ...pfsTotals(data), ...formStatus(form) } };
  }

  async save(user: IdentityClaims, f: FinancialStatement): Promise<FormWriteResponse> {
    await this.forms.save(user, 'FINANCIAL_STATEMENT', FORM_STEPS.financialStatement, f);
    return { message: FORM_MSG.pfsSaved };
  }

  async submit(user: IdentityClaims, f: FinancialStatement): Promise<FormWriteResponse> {
    if (!pfsSubmitReady(f)) throw new BadRequestException(FORM_MSG.pfsRequired);
    await this.forms.submit(user, 'FINANCIAL_STATEMENT', FORM_STEPS.financialStatement, f);
    return { message: FORM_MSG.pfsSubmitted };
  }
}
