import { financialStatementBodySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /buyer/financial-statement/save|submit {financialStatement}. */
export class FinancialStatementBody extends createZodDto(financialStatementBodySchema) {}
