import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ListingsAccessModule } from '../listings-access/listings-access.module.js';
import { AgentNdaVerificationController, BrokerNdaVerificationController } from './nda-verification.controller.js';
import { NdaVerificationRepository } from './nda-verification.repository.js';
import { NdaVerificationService } from './nda-verification.service.js';

/** Issue 24 §1: staff check a copy of a signed NDA's PDF against the sha256 recorded when it was filed. */
@Module({
  imports: [DocumentsModule, ListingsAccessModule],
  controllers: [BrokerNdaVerificationController, AgentNdaVerificationController],
  providers: [NdaVerificationRepository, NdaVerificationService],
})
export class NdaVerificationModule {}
