import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { DownloadsModule } from '../downloads/downloads.module.js';
import { JourneyEventsModule } from '../journey-events/journey-events.module.js';
import { OfficeConversionsModule } from '../pdf/office-conversions.js';
import { StorageModule } from '../storage/storage.module.js';
import { BuyerDueDiligenceController } from './buyer-due-diligence.controller.js';
import { DueDiligenceRepository } from './due-diligence.repository.js';
import { DueDiligenceService } from './due-diligence.service.js';
import { SellerDueDiligenceController } from './seller-due-diligence.controller.js';
import { AgentDueDiligenceController, BrokerDueDiligenceController } from './staff-due-diligence.controller.js';

/** The due-diligence exchange (issue 10 §2): buyer requests, staff uploads per buyer, seller files, step 7. */
@Module({
  imports: [StorageModule, DownloadsModule, JourneyEventsModule, DocumentsModule, OfficeConversionsModule],
  controllers: [BuyerDueDiligenceController, SellerDueDiligenceController, BrokerDueDiligenceController, AgentDueDiligenceController],
  providers: [DueDiligenceRepository, DueDiligenceService],
})
export class DueDiligenceModule {}
