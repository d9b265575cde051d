import { Module } from '@nestjs/common';
import { ClientFormsModule } from '../client-forms/client-forms.module.js';
import { BuyerNdaController } from './buyer-nda.controller.js';
import { BuyerNdaRepository } from './buyer-nda.repository.js';
import { BuyerNdaService } from './buyer-nda.service.js';

@Module({ imports: [ClientFormsModule], controllers: [BuyerNdaController], providers: [BuyerNdaService, BuyerNdaRepository] })
export class BuyerNdaModule {}
