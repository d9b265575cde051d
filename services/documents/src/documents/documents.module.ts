import { Module } from '@nestjs/common';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { DownloadsModule } from '../downloads/downloads.module.js';
import { JourneyEventsModule } from '../journey-events/journey-events.module.js';
import { OfficeConversionsModule } from '../pdf/office-conversions.js';
import { PermissionsModule } from '../permissions/permissions.module.js';
import { QuestionAttachmentAccess } from '../questions/question-attachment-access.js';
import { QuestionsRepository } from '../questions/questions.repository.js';
import { StorageModule } from '../storage/storage.module.js';
import { BuyerDocumentsController } from './buyer-documents.controller.js';
import { BuyerClientDocumentsController, SellerClientDocumentsController } from './client-documents.controller.js';
import { DataRoomService } from './data-room.service.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { SellerDocumentsController } from './seller-documents.controller.js';
import { AgentDataRoomController, BrokerDataRoomController } from './staff-data-room.controller.js';
import { AgentDocumentsController, BrokerDocumentsController } from './staff-documents.controller.js';

/** Documents of listings: uploads, lists, downloads, the audit trail (issue 8). */
@Module({
  imports: [StorageModule, DownloadsModule, JourneyEventsModule, PermissionsModule, OfficeConversionsModule],
  controllers: [SellerClientDocumentsController, BuyerClientDocumentsController, SellerDocumentsController, BuyerDocumentsController, BrokerDocumentsController, AgentDocumentsController, BrokerDataRoomController, AgentDataRoomController],
  providers: [DocumentsRepository, DocumentsService, ListingEventsPublisher, DataRoomService, QuestionsRepository, QuestionAttachmentAccess],
  exports: [DocumentsService, ListingEventsPublisher, PermissionsModule, QuestionsRepository],
})
export class DocumentsModule {}
