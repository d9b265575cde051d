import { Module } from '@nestjs/common';
import { ClientFormsModule } from '../client-forms/client-forms.module.js';
import { FinancialStatementController } from './financial-statement.controller.js';
import { FinancialStatementService } from './financial-statement.service.js';

@Module({ imports: [ClientFormsModule], controllers: [FinancialStatementController], providers: [FinancialStatementService] })
export class FinancialStatementModule {}
