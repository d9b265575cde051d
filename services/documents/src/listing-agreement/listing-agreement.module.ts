import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { ListingAgreementController } from './listing-agreement.controller.js';
import { ListingAgreementService } from './listing-agreement.service.js';

/** Seller step 3: the listing agreement object over the documents of the listing (issue 11). */
@Module({
  imports: [DocumentsModule],
  controllers: [ListingAgreementController],
  providers: [ListingAgreementService],
})
export class ListingAgreementModule {}
