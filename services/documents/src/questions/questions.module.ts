import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { JourneyEventsModule } from '../journey-events/journey-events.module.js';
import { OfficeConversionsModule } from '../pdf/office-conversions.js';
import { StorageModule } from '../storage/storage.module.js';
import { BuyerQuestionsController } from './buyer-questions.controller.js';
import { QuestionsService } from './questions.service.js';
import { SellerQuestionsController } from './seller-questions.controller.js';
import { AgentQuestionsController, BrokerQuestionsController } from './staff-questions.controller.js';

/** Due-diligence Q&A (issue 24 §3): buyers ask, staff route / answer / merge / release, the seller answers what is routed. */
@Module({
  imports: [StorageModule, DocumentsModule, OfficeConversionsModule, JourneyEventsModule],
  controllers: [BuyerQuestionsController, SellerQuestionsController, BrokerQuestionsController, AgentQuestionsController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
