import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { DOCUMENTS_ENTITIES, DOCUMENTS_MIGRATIONS } from './entities.js';
import { DocumentsModule } from './documents/documents.module.js';
import { DueDiligenceModule } from './due-diligence/due-diligence.module.js';
import { ListingAgreementModule } from './listing-agreement/listing-agreement.module.js';
import { ListingEventsModule } from './listing-events/listing-events.module.js';
import { ListingsAccessModule } from './listings-access/listings-access.module.js';
import { PdfJobsModule } from './pdf/pdf-jobs.module.js';
import { StorageModule } from './storage/storage.module.js';
import { BuyerActivityModule } from './buyer-activity/buyer-activity.module.js';
import { NeedsAttentionModule } from './needs-attention/needs-attention.module.js';
import { ViewerModule } from './viewer/viewer.module.js';
import { EngagementModule } from './engagement/engagement.module.js';
import { QuestionsModule } from './questions/questions.module.js';
import { NdaVerificationModule } from './nda-verification/nda-verification.module.js';

/** The documents API (port 3003). */
@Module({
  imports: [
    CommonModule.forRoot({ name: 'documents', entities: DOCUMENTS_ENTITIES, migrations: DOCUMENTS_MIGRATIONS }),
    StorageModule,
    ListingsAccessModule,
    DocumentsModule,
    DueDiligenceModule,
    ListingEventsModule,
    PdfJobsModule,
    BuyerActivityModule,
    NeedsAttentionModule,
    ListingAgreementModule,
    ViewerModule,
    EngagementModule,
    QuestionsModule,
    NdaVerificationModule,
  ],
})
export class AppModule {}
