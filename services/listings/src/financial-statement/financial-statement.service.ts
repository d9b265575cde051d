import { createHash } from 'node:crypto';
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
import { financialStatementPdf } from '../client-forms/form-pdfs.js';
import type { SignatureContext } from '../buyer-nda/buyer-nda.service.js';

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

  /** The certification's evidence on the PDF: when, from where, and the sha256 of the statement as submitted. */
  async submit(user: IdentityClaims, f: FinancialStatement, ctx: SignatureContext = { ip: null, userAgent: null }): Promise<FormWriteResponse> {
    await this.forms.requireStep(user, FORM_STEPS.financialStatement);
    if (!pfsSubmitReady(f)) throw new BadRequestException(FORM_MSG.pfsRequired);
    const textSha256 = createHash('sha256').update(JSON.stringify(f), 'utf8').digest('hex');
    await this.forms.submit(user, 'FINANCIAL_STATEMENT', FORM_STEPS.financialStatement, f, null, (c) => {
      const pdf = financialStatementPdf(f, c);
      return { ...pdf, signature: { ...pdf.signature!, ip: ctx.ip, userAgent: ctx.userAgent, textSha256 } };
    });
    return { message: FORM_MSG.pfsSubmittedPdf };
  }
}
